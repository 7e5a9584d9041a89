/** The ssg pack (and the project pack it stands on) plus the module that adds Sphinx. */
import { defineConfig } from 'toolpack/sdk';

export default defineConfig({
  plugins: ['project', 'ssg', './index.ts'],
  logLevel: 'warn',
});
