/** The system pack: the cache, what AI and confirmation support the client offers, and asking the user. */
import { coreServices, definePlugin } from '../../sdk/index.js';
import { KERNEL_RANGE } from '../kernel-range.js';
import { checkAiExecutionStatusTool } from './tools/check-ai-execution-status.js';
import { manageCacheTool } from './tools/manage-cache.js';
import { requestActionConfirmationTool } from './tools/request-action-confirmation.js';

export default definePlugin({
  id: 'system',
  version: '0.1.0',
  kernel: KERNEL_RANGE,
  description: 'System management: manage_cache, check_ai_execution_status, request_action_confirmation.',
  register(env) {
    env.registerInit({
      deps: { cache: coreServices.cache, store: coreServices.store, kernel: coreServices.kernel },
      init({ cache, store, kernel }) {
        return {
          tools: [manageCacheTool(cache, store), checkAiExecutionStatusTool(store, kernel), requestActionConfirmationTool()],
        };
      },
    });
  },
});
