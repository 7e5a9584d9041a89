/**
 * analyze_environment counts reads of environment variables, not writes (issue 27 item 6): a
 * variable the code only sets (`process.env.X = "1"`, `ENV["X"] = ...`, `os.environ["X"] = ...`)
 * or names as a bundler define key (`'process.env.X'` in a vite/webpack config) is declared nowhere
 * because nothing needs to provide it.
 */
import { afterEach, expect, it } from 'vitest';
import { connectTestClient, startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { json, project } from './fixtures.js';

let kernel: TestToolpack | undefined;
afterEach(async () => {
  await kernel?.stop();
  kernel = undefined;
});

it('reports only the variables the code reads as missing', async () => {
  const workspace = project({
    'package.json': json({ name: 'storefront', private: true, dependencies: { vite: '^5.2.0' } }),
    '.env.example': 'API_URL=https://api.example.test\n',
    'vite.config.ts': "import { defineConfig } from 'vite';\n\nexport default defineConfig({\n  define: {\n    'process.env.NODE_DEBUG_LABEL': JSON.stringify('storefront'),\n    \"process.env.BUILD_CHANNEL\": JSON.stringify(process.env.CHANNEL ?? 'stable'),\n  },\n});\n",
    'src/api.ts': "export const api = process.env.API_URL;\nif (process.env.CHECKOUT_V2 === '1') console.log('v2');\n",
    'scripts/e2e-setup.ts': "process.env.E2E_HEADLESS = '1';\nprocess.env['E2E_SLOWMO'] = '0';\n",
    'lib/boot.rb': "ENV['BUNDLE_GEMFILE'] ||= File.expand_path('../Gemfile', __dir__)\nENV['BOOTSNAP_CACHE_DIR'] = 'tmp/cache'\n",
    'tools/seed.py': "import os\n\nos.environ['SEED_COUNT'] = '10'\nprint(os.environ['SEED_REGION'])\n",
  });
  kernel = await startTestToolpack({ workspace, config: { plugins: ['project'] } });
  const client = await connectTestClient(kernel);
  const result = outcome((await client.callTool({ name: 'analyze_environment', arguments: { projectPath: '.' } })) as never);
  await client.close();
  expect(result.isError, result.text).toBe(false);
  const missing = result.data.environmentVariables.missing.map((item: any) => item.name).sort();
  expect(missing).toEqual(['BUNDLE_GEMFILE', 'CHANNEL', 'CHECKOUT_V2', 'SEED_REGION']);
});
