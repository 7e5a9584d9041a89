/**
 * Issue 28 item 3: the surface forms the gap detector reads beside calls with dashes
 * (Typer-style parameters, console scripts, CommonJS exports with shorthand properties), and
 * who each defined name is for (audienceOf), which decides whether a gap is listed.
 */
import { describe, expect, it } from 'vitest';
import { audienceOf } from '../../../plugins/docs/gaps/audience.js';
import type { ProjectText } from '../../../plugins/docs/gaps/project-files.js';
import { extractSurface } from '../../../plugins/docs/gaps/surface.js';

const project = (sources: Record<string, string>, configs: Record<string, string> = {}): ProjectText => ({
  sources: Object.entries(sources).map(([path, text]) => ({ path, text, own: true })),
  configs: Object.entries(configs).map(([path, text]) => ({ path, text, own: true })),
  skipped: 0,
  leftOut: { sources: 0, configs: 0, byKind: {} },
});
const found = (p: ProjectText) => extractSurface(p, 'standard').map((i) => `${i.kind} ${i.name} ${i.file}:${i.line}`);

describe('surface forms', () => {
  it('reads options Typer-style libraries make from parameters, and console scripts', () => {
    const p = project(
      {
        'pkg/cli.py': [
          'app = App()',
          '',
          '@app.command()',
          'def build_docs(',
          '    path: Path = Argument(..., help="The app."),',
          '    output: Path = Option(..., "--out", "-o"),',
          '    dry_run: bool = False,',
          '    name,',
          '):',
          '    pass',
        ].join('\n'),
      },
      { 'pyproject.toml': '[project]\nname = "pkg"\n\n[project.scripts]\npkg = "pkg.cli:main"\n\n[tool.other]\nx = 1\n' },
    );
    expect(found(p)).toEqual(['cli-command build-docs pkg/cli.py:3', 'cli-flag --out pkg/cli.py:6', 'cli-flag --dry-run pkg/cli.py:7', 'cli-command pkg pyproject.toml:5']);
  });

  it('reads CommonJS exports, shorthand properties and methods of an exported object', () => {
    const p = project(
      { 'index.js': "'use strict'\nmodule.exports = {\n  build,\n  close () {},\n  decorate: decorator.add,\n}\nmodule.exports.default = build\nexports.listen = listen\n" },
      { 'package.json': JSON.stringify({ name: 'srv', main: 'index.js' }) },
    );
    expect(found(p)).toEqual(['export listen index.js:8', 'export build index.js:3', 'export close index.js:4', 'export decorate index.js:5']);
  });
});

describe('who a defined name is for', () => {
  it.each([
    ['src/pkg/main.py', 'PKG_THEME', 'public'],
    ['src/pkg/_vendor/click/core.py', 'CLICK_PAGER', 'private'],
    ['src/pkg/_completion_shared.py', undefined, 'private'],
    ['src/pkg/main.py', '_PKG_DEBUG', 'private'],
    ['src/pkg/completion.py', 'COMP_WORDS', 'completion'],
    ['src/pkg/main.py', 'PKG_COMPLETE_SHELL', 'completion'],
    ['docs_src/options/tutorial001.py', undefined, 'example'],
    ['examples/hello.js', undefined, 'example'],
    ['scripts/release.js', 'GITHUB_TOKEN', 'script'],
    ['tests/test_cli.py', undefined, 'test'],
    ['lib/route.test.js', undefined, 'test'],
    ['src/pkg/__init__.py', undefined, 'public'],
  ])('%s %s is %s', (file, name, audience) => {
    expect(audienceOf(file, name)).toBe(audience);
  });
});

describe('shell completion modules, not widgets', () => {
  it.each([
    ['src/pkg/completion.py', 'completion'],
    ['cmd/completions/bash.go', 'completion'],
    ['src/components/autocomplete.js', 'public'],
  ])('%s is %s', (file, audience) => {
    expect(audienceOf(file)).toBe(audience);
  });
});
