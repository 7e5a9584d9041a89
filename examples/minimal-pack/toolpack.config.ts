/** A small server: the files pack plus the example pack, loaded by relative path. */
import { defineConfig } from 'toolpack/sdk';

export default defineConfig({
  plugins: ['files', './index.ts'],
  logLevel: 'warn',
});
