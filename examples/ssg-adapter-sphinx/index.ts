/**
 * A module that adds Sphinx to the ssg pack through its `ssg.adapters` extension point: every ssg
 * tool then accepts `ssg: "sphinx"` (deploy_pages writes its workflow, test_local_deployment builds
 * with sphinx-build). Opt-in: the default tool surface keeps the five built-in generators.
 *
 *   plugins: ['project', 'ssg', './examples/ssg-adapter-sphinx/index.ts']
 */
import { defineModule } from 'toolpack/sdk';
import { ssgAdaptersExtensionPoint } from 'toolpack/packs/ssg';
import { sphinx } from './sphinx-adapter.js';

export default defineModule({
  pluginId: 'ssg',
  moduleId: 'sphinx',
  register(env) {
    env.registerInit({
      deps: { adapters: ssgAdaptersExtensionPoint },
      init({ adapters }) {
        adapters.add(sphinx);
      },
    });
  },
});
