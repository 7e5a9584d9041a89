/** A real repository with a local bare repository as its remote, for the smart_git_push tests. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from '../../helpers/workspace.js';

export interface TestRepo {
  /** The workspace: holds `repo/` and `remote.git/`. */
  workspace: string;
  repo: string;
  remote: string;
  git(...args: string[]): string;
  write(path: string, content: string | Buffer): void;
  /** Stage everything and commit. Returns the sha. */
  commit(message: string): string;
  /** The remote's branch, or null when it does not have it. */
  remoteHead(branch?: string): string | null;
  head(): string;
}

export function testRepo(): TestRepo {
  const workspace = tempDir('tp-git-push-');
  const repo = join(workspace, 'repo');
  const remote = join(workspace, 'remote.git');
  mkdirSync(repo);
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote]);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  git('init', '-q', '-b', 'main');
  // The tool's own commits use the repository's identity.
  git('config', 'user.name', 'Dana Dev');
  git('config', 'user.email', 'dana@example.com');
  git('remote', 'add', 'origin', remote);
  return {
    workspace,
    repo,
    remote,
    git,
    write(path, content) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), content);
    },
    commit(message) {
      git('add', '-A');
      git('commit', '-q', '-m', message);
      return git('rev-parse', 'HEAD');
    },
    remoteHead(branch = 'main') {
      try {
        return execFileSync('git', ['--git-dir', remote, 'rev-parse', '--verify', '-q', `refs/heads/${branch}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      } catch {
        return null;
      }
    },
    head: () => git('rev-parse', 'HEAD'),
  };
}

/** A small Node service, as a project's first commit. */
export function seedProject(r: TestRepo): string {
  r.write('package.json', JSON.stringify({ name: 'orders-api', version: '1.0.0', type: 'module', scripts: { start: 'node src/server.js' } }, null, 2) + '\n');
  r.write('src/server.js', "import { createServer } from 'node:http';\n\nconst port = Number(process.env.PORT ?? 3000);\ncreateServer((req, res) => res.end('ok')).listen(port);\n");
  r.write('.env.example', 'PORT=3000\nGITHUB_TOKEN=\n');
  r.write('README.md', '# orders-api\n\nCopy .env.example to .env and fill it in.\n');
  return r.commit('chore: initial project');
}
