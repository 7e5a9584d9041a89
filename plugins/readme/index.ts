/**
 * The readme pack: score, check, write and shorten a project's README. Every tool
 * reads the README through one model (model/, on the SDK's Markdown parser) and
 * scores it with one set of criteria whose weights are data (scoring/weights.ts),
 * so the same README gets the same score from every tool.
 */
import { coreServices, definePlugin } from '../../sdk/index.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { projectScannerRef } from '../project/api.js';
import type { ReadmeDeps } from './deps.js';
import { analyzeReadmeTool } from './tools/analyze-readme.js';
import { evaluateReadmeHealthTool } from './tools/evaluate-readme-health.js';
import { generateReadmeTemplateTool } from './tools/generate-readme-template.js';
import { optimizeReadmeTool } from './tools/optimize-readme.js';
import { readmeBestPracticesTool } from './tools/readme-best-practices.js';
import { validateReadmeChecklistTool } from './tools/validate-readme-checklist.js';

export default definePlugin({
  id: 'readme',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  dependsOn: ['project'],
  description: 'README files: health scores with the fix for each criterion, best practices, checklists, templates, and shortening into docs pages.',
  register(env) {
    env.registerInit({
      deps: {
        scanner: projectScannerRef,
        logger: coreServices.logger,
        events: coreServices.events,
      },
      init(services) {
        const deps: ReadmeDeps = services;
        // In the catalogue's order.
        return {
          tools: [
            evaluateReadmeHealthTool(deps),
            readmeBestPracticesTool(deps),
            generateReadmeTemplateTool(deps),
            validateReadmeChecklistTool(deps),
            analyzeReadmeTool(deps),
            optimizeReadmeTool(deps),
          ],
        };
      },
    });
  },
});
