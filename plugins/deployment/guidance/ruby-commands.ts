/**
 * A Ruby project's own commands, from its Gemfile: `bundle install`, the test command
 * deployment_readiness runs (project api rubyTestCommand), and for a Rails app the database
 * migrations, the asset build and the server. `bin/rails` when the project has the binstub,
 * else `bundle exec rails`.
 */
import { rubyTestCommand } from '../../project/api.js';
import type { ProjectCommand } from './project-commands.js';
import type { ProjectFiles } from './project-files.js';
import { command } from './types.js';

/** Signs that a Rails app compiles assets: its asset folders, a JS bundler, the asset pipeline gems. */
const ASSETS = /^(?:app\/assets\/|app\/javascript\/|package\.json$)/;
const ASSET_GEMS = /^\s*gem\s+['"](?:sprockets(?:-rails)?|propshaft|jsbundling-rails|cssbundling-rails|webpacker|shakapacker|vite_rails|dartsass-rails|tailwindcss-rails)['"]/m;

export async function rubyCommands(files: ProjectFiles): Promise<{ rails: boolean; commands: ProjectCommand[] }> {
  const gemfile = files.has('Gemfile') ? await files.read('Gemfile') : null;
  if (gemfile === null) return { rails: false, commands: [] };
  const rails = /^\s*gem\s+['"](?:rails|railties)['"]/m.test(gemfile) || (files.has('config/application.rb') && files.has('bin/rails'));
  const out: ProjectCommand[] = [{ purpose: 'install', command: 'bundle install', file: 'Gemfile' }];
  const tests = rubyTestCommand(files.paths, gemfile);
  if (tests) out.push({ purpose: 'test', command: command(tests.command, ...tests.args), file: files.has('.rspec') && tests.runner === 'rspec' ? '.rspec' : 'Gemfile' });
  if (!rails) return { rails, commands: out };
  const bin = files.has('bin/rails') ? ['bin/rails'] : ['bundle', 'exec', 'rails'];
  if (files.paths.some((p) => ASSETS.test(p)) || ASSET_GEMS.test(gemfile)) out.push({ purpose: 'build', command: command(...bin, 'assets:precompile'), file: 'Gemfile' });
  if (files.paths.some((p) => p.startsWith('db/migrate/'))) out.push({ purpose: 'migrate', command: command(...bin, 'db:migrate'), file: 'Gemfile' });
  out.push({ purpose: 'start', command: command(...bin, 'server'), file: 'Gemfile' });
  return { rails, commands: out };
}
