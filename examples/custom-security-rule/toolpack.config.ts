/** The security pack plus the module that adds the ACME token rule. */
import { defineConfig } from 'toolpack/sdk';

export default defineConfig({
  plugins: ['security', './index.ts'],
  logLevel: 'warn',
});
