/**
 * The docs pack: write, update, check and validate a project's documentation
 * (Diataxis pages from the project's facts, gaps between code and docs, pages
 * that code changes made wrong, links, anchors, images and code blocks, llms.txt). Pages are read through one Markdown model
 * (markdown/): front matter via `yaml`, anchors as the site renders them.
 */
import { coreServices, definePlugin, optional } from '../../sdk/index.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { projectScannerRef } from '../project/api.js';
import { ssgAdaptersRef } from '../ssg/api.js';
import { sitePagesRef } from '../freshness/api.js';
import type { DocsDeps } from './deps.js';
import { checkDocumentationLinksTool } from './tools/check-documentation-links.js';
import { detectDocumentationDriftTool } from './tools/detect-documentation-drift.js';
import { detectDocumentationGapsTool } from './tools/detect-documentation-gaps.js';
import { generateLlmsTxtTool } from './tools/generate-llms-txt.js';
import { populateDiataxisContentTool } from './tools/populate-diataxis-content.js';
import { updateExistingDocumentationTool } from './tools/update-existing-documentation.js';
import { validateContentTool } from './tools/validate-content.js';
import { validateDiataxisContentTool } from './tools/validate-diataxis-content.js';

export default definePlugin({
  id: 'docs',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  dependsOn: ['project'],
  // Generator-specific page formats and anchors with the ssg pack; the site's published pages (llms.txt) with freshness.
  optionalDependsOn: ['ssg', 'freshness'],
  description: 'Documentation: populate and update Diataxis pages from the project, detect gaps and drift, validate structure and content, check links, write llms.txt.',
  register(env) {
    env.registerInit({
      deps: {
        scanner: projectScannerRef,
        logger: coreServices.logger,
        http: coreServices.http,
        adapters: optional(ssgAdaptersRef),
        // The sitemap's page URLs for llms.txt (generate_llms_txt).
        sitePages: optional(sitePagesRef),
        events: coreServices.events,
      },
      init(services) {
        const deps: DocsDeps = services;
        // In the catalogue's order.
        return {
          tools: [
            populateDiataxisContentTool(deps),
            updateExistingDocumentationTool(deps),
            detectDocumentationGapsTool(deps),
            detectDocumentationDriftTool(deps),
            validateDiataxisContentTool(deps),
            validateContentTool(deps),
            checkDocumentationLinksTool(deps),
            generateLlmsTxtTool(deps),
          ],
        };
      },
    });
  },
});
