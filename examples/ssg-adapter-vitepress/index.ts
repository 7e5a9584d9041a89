/**
 * A module that adds VitePress to the ssg pack through its `ssg.adapters`
 * extension point, the way the five built-in generators are added: every ssg
 * tool then accepts `ssg: "vitepress"` and recommend_ssg weighs it.
 * Load it from a config next to the pack it extends:
 *
 *   plugins: ['project', 'ssg', './examples/ssg-adapter-vitepress/index.ts']
 */
import { defineModule } from 'toolpack/sdk';
import { ssgAdaptersExtensionPoint } from 'toolpack/packs/ssg';
import { vitepress } from './vitepress-adapter.js';

export default defineModule({
  pluginId: 'ssg',
  moduleId: 'vitepress',
  register(env) {
    env.registerInit({
      deps: { adapters: ssgAdaptersExtensionPoint },
      init({ adapters }) {
        adapters.add(vitepress);
      },
    });
  },
});
