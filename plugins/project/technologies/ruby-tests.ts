/**
 * How a Ruby project runs its tests, from the files that configure its runner: RSpec
 * (`.rspec`, `spec/**\/*_spec.rb`, an rspec gem) runs with `bundle exec rspec`; Minitest
 * (`test/**\/*_test.rb`) with `bin/rails test` in a Rails app, else `bundle exec rake test`.
 * One answer for every tool that names the command (deployment_readiness runs it,
 * deployment guidance shows it), so they cannot disagree.
 */

export interface RubyTestCommand {
  /** The executable and its arguments: `bundle exec rspec`, `bin/rails test`. */
  command: string;
  args: string[];
  runner: 'rspec' | 'minitest';
  /** What the choice rests on, e.g. `.rspec, 3 spec files (spec/**\/*_spec.rb)`. */
  why: string;
}

const SPEC_FILE = /(?:^|\/)spec\/(?:.+\/)?[^/]+_spec\.rb$/;
const TEST_FILE = /(?:^|\/)test\/(?:.+\/)?[^/]+_test\.rb$/;
const GEM = (name: string) => new RegExp(`^\\s*gem\\s+['"]${name}['"]`, 'm');

/** `paths`: the project's files relative to its root; `gemfile`: the Gemfile's text (null without one). */
export function rubyTestCommand(paths: readonly string[], gemfile: string | null): RubyTestCommand | null {
  if (gemfile === null) return null;
  const specs = paths.filter((p) => SPEC_FILE.test(p) && !p.startsWith('vendor/')).length;
  const rspecGem = /^\s*gem\s+['"]rspec(?:-rails|-core)?['"]/m.test(gemfile);
  const dotRspec = paths.includes('.rspec');
  if (dotRspec || specs > 0 || rspecGem) {
    const why = [dotRspec ? '.rspec' : '', specs ? `${specs} spec files (spec/**/*_spec.rb)` : '', rspecGem ? 'an rspec gem in the Gemfile' : ''].filter(Boolean).join(', ');
    return { command: 'bundle', args: ['exec', 'rspec'], runner: 'rspec', why };
  }
  const tests = paths.filter((p) => TEST_FILE.test(p) && !p.startsWith('vendor/')).length;
  if (tests === 0) return null;
  const why = `${tests} test files (test/**/*_test.rb)`;
  if (paths.includes('bin/rails') || GEM('rails').test(gemfile)) return { command: 'bundle', args: ['exec', 'rails', 'test'], runner: 'minitest', why: `${why}, Rails` };
  return { command: 'bundle', args: ['exec', 'rake', 'test'], runner: 'minitest', why };
}
