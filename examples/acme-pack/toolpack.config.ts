/** A server with the packs ACME's pack extends or uses, plus the pack itself, loaded by path. */
import { defineConfig } from 'toolpack/sdk';

export default defineConfig({
  plugins: ['project', 'ssg', 'security', './src/index.ts'],
  logLevel: 'warn',
});
