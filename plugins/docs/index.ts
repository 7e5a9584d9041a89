/**
 * The docs pack: write, update, check and validate a project's documentation
 * (Diataxis pages from the project's facts, gaps between code and docs, links,
 * anchors, images and code blocks). Pages are read through one Markdown model
 * (markdown/): front matter via `yaml`, anchors as the site renders them.
 */
import { coreServices, definePlugin, optional } from '../../sdk/index.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { projectScannerRef } from '../project/api.js';
import { ssgAdaptersRef } from '../ssg/api.js';
import type { DocsDeps } from './deps.js';
import { checkDocumentationLinksTool } from './tools/check-documentation-links.js';
import { detectDocumentationGapsTool } from './tools/detect-documentation-gaps.js';
import { populateDiataxisContentTool } from './tools/populate-diataxis-content.js';
import { updateExistingDocumentationTool } from './tools/update-existing-documentation.js';
import { validateContentTool } from './tools/validate-content.js';
import { validateDiataxisContentTool } from './tools/validate-diataxis-content.js';

export default definePlugin({
  id: 'docs',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  dependsOn: ['project'],
  // Generator-specific page formats and anchors with the ssg pack.
  optionalDependsOn: ['ssg'],
  description: 'Documentation: populate and update Diataxis pages from the project, detect gaps, validate structure and content, check links.',
  register(env) {
    env.registerInit({
      deps: {
        scanner: projectScannerRef,
        logger: coreServices.logger,
        http: coreServices.http,
        adapters: optional(ssgAdaptersRef),
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
            validateDiataxisContentTool(deps),
            validateContentTool(deps),
            checkDocumentationLinksTool(deps),
          ],
        };
      },
    });
  },
});
