/**
 * ACME's pack, as a third party writes it outside Toolpack's source tree with
 * only its public exports: a pack with one tool, and two modules that extend
 * built-in packs through their extension points. One file exports all three;
 * a config loads it by path:
 *
 *   plugins: ['project', 'ssg', 'security', './src/index.ts']
 */
import { acmePack } from './pack.js';
import { acmeTokenRule } from './token-rule.js';
import { zolaAdapterModule } from './zola-adapter.js';

export { acmePack, acmeTokenRule, zolaAdapterModule };
export default [acmePack, acmeTokenRule, zolaAdapterModule];
