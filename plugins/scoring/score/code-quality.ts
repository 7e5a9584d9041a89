/**
 * code_quality: points per measurable signal, 100 in all.
 *   tests present                         25
 *   test-to-source file ratio             25 × min(1, ratio / 0.5)  (one test file per two source files earns all)
 *   lint configuration                    15  (eslint, biome, ruff, flake8, pylint, golangci-lint, clippy, rubocop)
 *   type-check configuration              15  (tsconfig/jsconfig with strict or checkJs, mypy, pyright; a statically
 *                                              typed language is checked by its compiler); a tsconfig without strict: 8
 *   CI configuration                      10, and 5 more when a CI file runs the tests
 *   formatter                              5  (named: Prettier from its config files, package.json key, dependency
 *                                              or script; Biome; dprint; RuboCop; gofmt, which ships with Go;
 *                                              rustfmt; black / ruff format; clang-format; scalafmt)
 * Files in fixture, example, docs, template, vendored and generated folders count for nothing.
 */
import { join } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { codeQualitySignals, FORMAT_FILES, formatterOfFile, LINT_FILES, STATIC_TYPED, TYPE_FILES } from './code-quality-files.js';
import type { Sources } from './sources.js';
import { byPoints, round1, type ComponentResult, type ScoreAction } from './types.js';

const POINTS = { tests: 25, ratio: 25, lint: 15, types: 15, typesLoose: 8, ci: 10, ciTests: 5, format: 5 };
const RATIO_TARGET = 0.5;
const CONFIG_BYTES = 256 * 1024;
const RUNS_TESTS = /\b(?:npm (?:run )?test|npm t\b|yarn (?:run )?test|pnpm (?:run )?test|npx (?:vitest|jest|mocha)|vitest|jest|mocha|node --test|pytest|tox\b|nox\b|go test|cargo (?:test|nextest)|mvn\b[^\n]*\b(?:test|verify)|gradlew? [^\n]*\btest|make test|dotnet test|rspec|rake test|phpunit|mix test)/;

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const isRecord = (value: unknown): value is Record<string, any> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The sections of an INI-style file (setup.cfg, tox.ini): "[flake8]" -> "flake8". */
const iniSections = (text: string) => new Set([...text.matchAll(/^\s*\[([^\]]+)\]/gm)].map((m) => m[1]!.trim()));

interface Found {
  lint: string[];
  types: string[];
  typesLoose: string[];
  /** Each formatter found, with where. */
  format: Array<{ name: string; evidence: string }>;
  unreadable: string[];
}

const FORMATTER_NAMES = 'Prettier, Biome, dprint, RuboCop, gofmt, rustfmt, black, ruff format, clang-format';
/** Formatters a JavaScript package brings in as a dependency. */
const JS_FORMATTER_PACKAGES: Record<string, string> = { prettier: 'Prettier', '@biomejs/biome': 'Biome', dprint: 'dprint' };
/** A package.json script that runs one (`prettier --check .`, `biome format`, `dprint fmt`). */
const JS_FORMATTER_SCRIPT: Array<[RegExp, string]> = [[/(?:^|[\s;&|(])prettier\b/, 'Prettier'], [/\bbiome (?:format|check|ci)\b/, 'Biome'], [/\bdprint (?:fmt|check)\b/, 'dprint']];
/** A gem of the RuboCop family (rubocop, rubocop-rails, rubocop-govuk): RuboCop lints and formats (`rubocop -a`). */
const RUBOCOP_GEM = /^\s*gem\s+['"]rubocop(?:-[\w-]+)?['"]/m;
/** black in a requirements file: `black`, `black==24.3.0`, `black[jupyter]`. */
const BLACK_REQUIREMENT = /^black(?:\[[^\]]*\])?\s*(?:[=<>~!;#]|$)/m;

async function readConfigs(sources: Sources, configFiles: ReturnType<typeof codeQualitySignals>['configFiles']): Promise<Found> {
  const found: Found = { lint: [], types: [], typesLoose: [], format: [], unreadable: [] };
  const read = async (path: string) => {
    try {
      return await sources.workspace.readText(join(sources.root, path), { maxBytes: CONFIG_BYTES });
    } catch {
      found.unreadable.push(path);
      return null;
    }
  };
  for (const entry of configFiles) {
    const name = baseName(entry.path);
    if (LINT_FILES.test(name)) found.lint.push(entry.path);
    if (FORMAT_FILES.test(name)) found.format.push({ name: formatterOfFile(name), evidence: entry.path });
    if (name === '.rubocop.yml') found.format.push({ name: 'RuboCop', evidence: entry.path });
    if (name === 'mypy.ini' || name === '.mypy.ini' || name === 'pyrightconfig.json') found.types.push(entry.path);
    if (/^(?:tsconfig|jsconfig)/.test(name) && TYPE_FILES.test(name)) {
      const text = await read(entry.path);
      if (text === null) continue;
      const options = parseJsonc(text)?.compilerOptions;
      // strict (or checkJs for plain JavaScript) is what makes the compiler check types in earnest.
      if (isRecord(options) && (options.strict === true || options.checkJs === true)) found.types.push(`${entry.path} (${options.strict === true ? 'strict' : 'checkJs'})`);
      else if (name.startsWith('tsconfig')) found.typesLoose.push(`${entry.path} (no "strict": true)`);
    }
    if (name === 'package.json') {
      const text = await read(entry.path);
      const json = text === null ? null : parseJsonc(text);
      if (isRecord(json?.eslintConfig)) found.lint.push(`${entry.path} (eslintConfig)`);
      if (json?.prettier !== undefined) found.format.push({ name: 'Prettier', evidence: `${entry.path} (prettier)` });
      for (const key of ['dependencies', 'devDependencies'] as const) {
        if (!isRecord(json?.[key])) continue;
        for (const [pkg, formatter] of Object.entries(JS_FORMATTER_PACKAGES)) if (pkg in json[key]) found.format.push({ name: formatter, evidence: `${entry.path} (${key}: ${pkg})` });
      }
      if (isRecord(json?.scripts)) {
        for (const [script, command] of Object.entries(json.scripts)) {
          if (typeof command !== 'string') continue;
          for (const [pattern, formatter] of JS_FORMATTER_SCRIPT) if (pattern.test(command)) found.format.push({ name: formatter, evidence: `${entry.path} (scripts.${script})` });
        }
      }
    }
    if (name === 'Gemfile') {
      const text = await read(entry.path);
      if (text !== null && RUBOCOP_GEM.test(text)) {
        found.lint.push(`${entry.path} (rubocop gem)`);
        found.format.push({ name: 'RuboCop', evidence: `${entry.path} (rubocop gem)` });
      }
    }
    if (/^requirements/.test(name)) {
      const text = await read(entry.path);
      if (text !== null && BLACK_REQUIREMENT.test(text)) found.format.push({ name: 'black', evidence: `${entry.path} (black)` });
    }
    if (name === 'ruff.toml' || name === '.ruff.toml') {
      const text = await read(entry.path);
      if (text !== null && /^\s*\[format\]/m.test(text)) found.format.push({ name: 'ruff format', evidence: `${entry.path} ([format])` });
    }
    if (name === 'pyproject.toml') {
      const text = await read(entry.path);
      let tool: Record<string, any> = {};
      try {
        const parsed = text === null ? {} : parseToml(text);
        tool = isRecord(parsed.tool) ? parsed.tool : {};
      } catch {
        found.unreadable.push(`${entry.path} (TOML does not parse)`);
      }
      for (const key of ['ruff', 'pylint', 'flake8']) if (key in tool) found.lint.push(`${entry.path} ([tool.${key}])`);
      for (const key of ['mypy', 'pyright']) if (key in tool) found.types.push(`${entry.path} ([tool.${key}])`);
      if ('black' in tool) found.format.push({ name: 'black', evidence: `${entry.path} ([tool.black])` });
      if (isRecord(tool.ruff) && 'format' in tool.ruff) found.format.push({ name: 'ruff format', evidence: `${entry.path} ([tool.ruff.format])` });
    }
    if (name === 'setup.cfg' || name === 'tox.ini') {
      const text = await read(entry.path);
      if (text === null) continue;
      const sections = iniSections(text);
      if (sections.has('flake8') || sections.has('pylint')) found.lint.push(`${entry.path} ([flake8])`);
      if ([...sections].some((s) => s === 'mypy' || s.startsWith('mypy-'))) found.types.push(`${entry.path} ([mypy])`);
    }
  }
  return found;
}

export async function codeQuality(sources: Sources): Promise<ComponentResult> {
  const result = await sources.scan();
  const { tests, sources: code, configFiles } = codeQualitySignals(result.files);
  const found = await readConfigs(sources, configFiles);
  const ci = result.scan.ci.map((c) => c.path);
  const ciRunningTests: string[] = [];
  for (const path of ci) {
    const text = await sources.workspace.readText(join(sources.root, path), { maxBytes: CONFIG_BYTES }).catch(() => '');
    const match = RUNS_TESTS.exec(text);
    if (match) ciRunningTests.push(`${path}: ${match[0]}`);
  }
  // A project written only in statically typed languages is type-checked by its compiler.
  const staticallyTyped = code.length > 0 && code.every((path) => STATIC_TYPED.test(path));
  // gofmt ships with the Go toolchain, and Go code is formatted by it by convention (go vet, editors, CI).
  const goFile = [...code, ...tests].find((path) => path.endsWith('.go'));
  if (goFile) found.format.push({ name: 'gofmt', evidence: `${goFile} (gofmt ships with Go)` });
  const formatters = [...new Set(found.format.map((f) => f.name))];

  const ratio = code.length > 0 ? tests.length / code.length : tests.length > 0 ? 1 : 0;
  const points = {
    tests: tests.length > 0 ? POINTS.tests : 0,
    ratio: round1(POINTS.ratio * Math.min(1, ratio / RATIO_TARGET)),
    lint: found.lint.length > 0 ? POINTS.lint : 0,
    types: found.types.length > 0 || staticallyTyped ? POINTS.types : found.typesLoose.length > 0 ? POINTS.typesLoose : 0,
    ci: ci.length > 0 ? POINTS.ci : 0,
    ciTests: ciRunningTests.length > 0 ? POINTS.ciTests : 0,
    format: found.format.length > 0 ? POINTS.format : 0,
  };
  if (code.length === 0 && tests.length === 0) {
    return {
      component: 'code_quality', score: null, formula: 'No source or test files of the project (outside fixtures, examples and docs): nothing to measure.',
      inputs: { sourceFiles: 0, testFiles: 0 }, evidence: [], actions: [],
    };
  }
  const score = Math.round(Object.values(points).reduce((a, b) => a + b, 0));

  const evidence: string[] = [];
  const actions: ScoreAction[] = [];
  if (!points.tests) {
    evidence.push(`No test files among ${code.length} source files.`);
    actions.push({ action: 'Add tests (files under test/ or named *.test.*, *_test.*, test_*.py)', points: POINTS.tests + round1(POINTS.ratio * Math.min(1, 1 / Math.max(1, code.length) / RATIO_TARGET)) });
  }
  if (points.ratio < POINTS.ratio && points.tests) {
    const needed = Math.ceil(code.length * RATIO_TARGET) - tests.length;
    evidence.push(`${tests.length} test files for ${code.length} source files (ratio ${round1(ratio * 100) / 100}; ${RATIO_TARGET} earns all ${POINTS.ratio} points).`);
    actions.push({ action: `Add ${needed} more test file(s) to reach one test file per ${1 / RATIO_TARGET} source files`, points: round1(POINTS.ratio - points.ratio) });
  }
  if (!points.lint) {
    evidence.push('No lint configuration (eslint, biome, ruff, flake8, pylint, golangci-lint, clippy, rubocop).');
    actions.push({ action: 'Add a linter configuration (e.g. eslint.config.js, ruff.toml, .golangci.yml)', points: POINTS.lint });
  }
  if (points.types < POINTS.types) {
    evidence.push(found.typesLoose.length ? `Type checking not strict: ${found.typesLoose.join(', ')}.` : 'No type-check configuration (tsconfig with strict, mypy, pyright).');
    actions.push({ action: found.typesLoose.length ? 'Set "strict": true in tsconfig.json' : 'Add type checking (tsconfig.json with "strict": true, mypy or pyright)', points: POINTS.types - points.types });
  }
  if (!points.ci) {
    evidence.push('No CI configuration found.');
    actions.push({ action: 'Add a CI workflow that runs the tests', points: POINTS.ci + POINTS.ciTests });
  } else if (!points.ciTests) {
    evidence.push(`CI files (${ci.join(', ')}) run no recognised test command.`);
    actions.push({ action: 'Run the test command in CI', points: POINTS.ciTests });
  }
  if (!points.format) {
    evidence.push(`No formatter configured (${FORMATTER_NAMES}).`);
    actions.push({ action: 'Add a formatter configuration (e.g. .prettierrc, [tool.black])', points: POINTS.format });
  }
  const parts = Object.entries(points).map(([k, v]) => `${k} ${v}`).join(' + ');
  return {
    component: 'code_quality',
    score,
    formula: `round(${parts}) = ${score} (tests 25, ratio 25 × min(1, tests/sources ÷ ${RATIO_TARGET}), lint 15, type-check 15 (8 when not strict), CI 10 + 5 when it runs tests, formatter 5)${formatters.length ? `; formatter: ${formatters.join(', ')}` : ''}`,
    inputs: {
      testFiles: tests.length,
      sourceFiles: code.length,
      ratio: round1(ratio * 100) / 100,
      lint: found.lint.slice(0, 10),
      typeCheck: staticallyTyped && !found.types.length ? ['statically typed language (compiler)'] : found.types.slice(0, 10),
      typeCheckNotStrict: found.typesLoose.slice(0, 10),
      ci: ci.slice(0, 10),
      ciRunningTests: ciRunningTests.slice(0, 10),
      formatters,
      formatter: found.format.map((f) => `${f.name}: ${f.evidence}`).slice(0, 10),
      unreadable: found.unreadable.slice(0, 10),
      points,
    },
    evidence,
    actions: actions.sort(byPoints),
  };
}
