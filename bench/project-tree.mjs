// A generated monorepo of N files for the project benchmarks: TypeScript packages with
// manifests, sources and tests, Python services, Dockerfiles, CI and docs. Deterministic,
// so runs compare like with like.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const NODE_DEPS = ['express', 'pg', 'ioredis', 'kafkajs', 'zod', 'pino', 'fastify', 'mongoose', 'react', 'next'];
const PY_DEPS = ['fastapi', 'sqlalchemy', 'psycopg2-binary', 'celery', 'pydantic', 'pytest'];
const FILES_PER_PACKAGE = 100;

const source = (i, pkg) =>
  `import { helper${i % 7} } from './helpers/helper-${i % 7}.js';\nimport { z } from 'zod';\n\n// Module ${i} of ${pkg}.\nexport function handler${i}(input: unknown) {\n  const value = z.string().parse(input);\n  return helper${i % 7}(value) + process.env.${pkg.toUpperCase().replace(/-/g, '_')}_URL;\n}\n`;

export function writeProjectTree(root, fileCount, { git = false } = {}) {
  let written = 0;
  const write = (path, text) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    written++;
  };
  write('package.json', JSON.stringify({ name: 'bench-monorepo', private: true, workspaces: ['packages/*'], devDependencies: { typescript: '5.9.3', vitest: '4.1.0' } }, null, 2));
  write('README.md', '# Bench monorepo\n\nGenerated for the project benchmarks.\n\n## Usage\n\nnpm install\n');
  write('.github/workflows/ci.yml', 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm test\n');
  write('docker-compose.yml', 'services:\n  db:\n    image: postgres:16\n  cache:\n    image: redis:7\n');
  write('.gitignore', 'node_modules/\ndist/\n');
  for (let p = 0; written < fileCount; p++) {
    const python = p % 5 === 4;
    const name = `${python ? 'svc' : 'pkg'}-${String(p).padStart(4, '0')}`;
    const base = python ? `services/${name}` : `packages/${name}`;
    if (python) {
      write(`${base}/requirements.txt`, PY_DEPS.filter((_, i) => (p + i) % 2 === 0).map((d) => `${d}>=1.0`).join('\n') + '\n');
      write(`${base}/Dockerfile`, 'FROM python:3.12-slim\nCOPY . /app\nCMD ["python", "-m", "app"]\n');
    } else {
      const deps = Object.fromEntries(NODE_DEPS.filter((_, i) => (p + i) % 3 === 0).map((d) => [d, '^1.0.0']));
      write(`${base}/package.json`, JSON.stringify({ name: `@bench/${name}`, version: '1.0.0', dependencies: deps, devDependencies: { vitest: '^4.1.0' } }, null, 2));
    }
    write(`${base}/README.md`, `# ${name}\n`);
    for (let i = 0; i < FILES_PER_PACKAGE - 3 && written < fileCount; i++) {
      const dir = ['src/routes', 'src/services', 'src/domain', 'src/infrastructure', 'test'][i % 5];
      if (python) write(`${base}/${dir}/module_${i}.py`, `import os\n\n\ndef handler_${i}(value):\n    return value + os.getenv("${name.toUpperCase().replace(/-/g, '_')}_URL", "")\n`);
      else write(`${base}/${dir}/module-${i}.${dir === 'test' ? 'test.ts' : 'ts'}`, source(i, name));
    }
  }
  if (git) {
    const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
    const run = (...args) => execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: root, env, stdio: 'ignore' });
    run('init', '-q');
    run('add', '-A');
    run('commit', '-q', '-m', 'bench tree');
  }
  return written;
}
