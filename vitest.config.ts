import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Rebuilds dist/ when stale before a run that includes the end-to-end tests (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
  },
});
