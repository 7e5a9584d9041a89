/**
 * Recommendations, each made only when the files call for it and carrying
 * the evidence it rests on: what was found, or, for an absence, what was
 * looked for and how much code there is.
 */
import type { FileEntry, ProjectScan } from '../scanner/index.js';
import { parseImage } from '../environment/images.js';
import { lockStatus } from '../environment/lockfiles.js';
import { dirName, isOwnCode } from '../environment/read.js';
import { docsSites, docsSiteFiles } from './docs-sites.js';
import type { QualitySignals } from './quality.js';
import { namesWithRole } from '../technologies/index.js';

export interface Recommendation {
  id: string;
  priority: 'high' | 'medium' | 'low';
  category: 'ci' | 'testing' | 'containers' | 'database' | 'linting' | 'typing' | 'dependencies' | 'documentation';
  message: string;
  evidence: string[];
}

/** Relational stores and their ORMs need migrations (roles from the technology catalogue). */
const RELATIONAL = namesWithRole('relational');
const MIGRATIONS = /(^|\/)(migrations?|db\/migrate|alembic|flyway|liquibase|changelog|prisma\/migrations|drizzle)\/|(^|\/)(alembic\.ini|knexfile\.[jt]s|\.sequelizerc|drizzle\.config\.[jt]s)$/i;
const CI_PLACES = '.github/workflows/*.yml, .gitlab-ci.yml, .circleci/config.yml, Jenkinsfile, azure-pipelines.yml, bitbucket-pipelines.yml, .travis.yml';

const count = (scan: ProjectScan, languages: string[]) => scan.languages.filter((stat) => languages.includes(stat.language)).reduce((sum, stat) => sum + stat.files, 0);

export function recommendations(scan: ProjectScan, files: readonly FileEntry[], quality: QualitySignals): Recommendation[] {
  const out: Recommendation[] = [];
  const paths = new Set(files.map((file) => file.path));
  const { tests } = quality;
  const has = (tool: string) => [...quality.linting, ...quality.formatting, ...quality.typing.python].some((signal) => signal.tool === tool);

  if (scan.ci.length === 0 && tests.sourceFiles > 0) {
    out.push({ id: 'add-ci', priority: 'high', category: 'ci', message: 'Add a CI pipeline that installs, builds and runs the tests on every push and pull request.', evidence: [`no CI configuration at ${CI_PLACES}`, `${tests.sourceFiles} source files`] });
  }
  if (tests.files === 0 && tests.sourceFiles > 0) {
    const declared = scan.testing.map((detection) => `${detection.name} declared (${detection.evidence[0]}) but no test files`);
    out.push({ id: 'add-tests', priority: 'high', category: 'testing', message: 'Add automated tests: none were found.', evidence: [tests.computedFrom, ...declared] });
  } else if (tests.sourceFiles >= 20 && tests.ratio < 0.1) {
    out.push({ id: 'more-tests', priority: 'medium', category: 'testing', message: 'Tests are sparse relative to the code; cover the main modules.', evidence: [tests.computedFrom] });
  }
  if (tests.files > 0 && scan.ci.length > 0 && !scan.ci.some((config) => config.jobs.some((job) => /test|check|ci|build|verify/i.test(job)))) {
    out.push({ id: 'ci-test-job', priority: 'low', category: 'ci', message: 'No CI job is named for testing; make sure the pipeline runs the tests.', evidence: scan.ci.map((config) => `${config.path}: jobs ${config.jobs.join(', ') || '(none read)'}`) });
  }

  const loose = scan.infrastructure.dockerfiles.flatMap((dockerfile) =>
    dockerfile.images.map(parseImage).filter((image) => image.pinning === 'latest' || image.pinning === 'floating').map((image) => `${dockerfile.path}: FROM ${image.image}`),
  );
  if (loose.length > 0) out.push({ id: 'pin-base-images', priority: 'medium', category: 'containers', message: 'Pin Docker base images to a version (or digest) instead of latest or a floating tag.', evidence: loose });
  const looseCompose = scan.infrastructure.compose.flatMap((file) => file.services.filter((service) => service.image && ['latest', 'floating'].includes(parseImage(service.image).pinning)).map((service) => `${file.path}: ${service.name} image ${service.image}`));
  if (looseCompose.length > 0) out.push({ id: 'pin-compose-images', priority: 'low', category: 'containers', message: 'Pin compose service images to a version so every developer runs the same services.', evidence: looseCompose });
  const unignored = scan.infrastructure.dockerfiles.filter((dockerfile) => !paths.has('.dockerignore') && !paths.has(`${dirName(dockerfile.path) ? `${dirName(dockerfile.path)}/` : ''}.dockerignore`));
  if (unignored.length > 0) out.push({ id: 'add-dockerignore', priority: 'low', category: 'containers', message: 'Add a .dockerignore so .git, node_modules, .env and build output stay out of the build context.', evidence: unignored.map((dockerfile) => `${dockerfile.path} without .dockerignore`) });

  const relational = scan.databases.filter((detection) => RELATIONAL.has(detection.name));
  if (relational.length > 0 && !files.some((file) => isOwnCode(file) && MIGRATIONS.test(file.path)) && !scan.databases.some((detection) => detection.name === 'Alembic')) {
    out.push({ id: 'add-migrations', priority: 'medium', category: 'database', message: 'Manage the database schema with versioned migrations.', evidence: [...relational.map((detection) => `${detection.name} (${detection.evidence[0]})`), 'no migrations/, db/migrate/, alembic/ or prisma/migrations/ folder'] });
  }

  // Language advice is for the product's code: a docs site's Gemfile, _plugins/ or conf.py is left out.
  const sites = docsSites(scan.manifests);
  const productCount = (languages: string[]) => Math.max(0, count(scan, languages) - docsSiteFiles(sites, files, languages));
  const js = productCount(['JavaScript', 'TypeScript', 'Vue', 'Svelte', 'Astro']);
  if (js > 0 && !has('ESLint') && !has('Biome') && !has('Oxlint')) out.push({ id: 'add-linter-js', priority: 'medium', category: 'linting', message: 'Add a linter for the JavaScript/TypeScript code (ESLint or Biome).', evidence: [`${js} JavaScript/TypeScript files`, 'no ESLint, Biome or Oxlint config or dependency'] });
  const python = productCount(['Python']);
  if (python > 0 && !has('Ruff') && !has('Flake8') && !has('Pylint')) out.push({ id: 'add-linter-python', priority: 'medium', category: 'linting', message: 'Add a linter for the Python code (Ruff, or Flake8/Pylint).', evidence: [`${python} Python files`, 'no Ruff, Flake8 or Pylint config, config section or dependency'] });
  const go = count(scan, ['Go']);
  if (go > 0 && !has('golangci-lint')) out.push({ id: 'add-linter-go', priority: 'low', category: 'linting', message: 'Add golangci-lint for checks beyond go vet.', evidence: [`${go} Go files`, 'no .golangci.yml'] });
  const ruby = productCount(['Ruby']);
  if (ruby > 0 && !has('RuboCop')) out.push({ id: 'add-linter-ruby', priority: 'low', category: 'linting', message: 'Add RuboCop for the Ruby code.', evidence: [`${ruby} Ruby files`, 'no .rubocop.yml or rubocop gem'] });

  const loose_ts = quality.typing.typescript.filter((config) => config.strict === false || (config.strict === null && config.extends === null));
  if (loose_ts.length > 0) out.push({ id: 'typescript-strict', priority: 'medium', category: 'typing', message: 'Turn on "strict" in tsconfig so the compiler checks null and implicit any.', evidence: loose_ts.map((config) => `${config.path}: strict ${config.strict === false ? 'false' : 'not set'}`) });
  if (python >= 5 && quality.typing.python.length === 0) out.push({ id: 'python-type-checking', priority: 'low', category: 'typing', message: 'Add a type checker (mypy or Pyright) for the Python code.', evidence: [`${python} Python files`, 'no mypy or Pyright config or dependency'] });

  const unlocked = lockStatus(scan.manifests, paths).filter((lock) => !lock.lockfile);
  if (unlocked.length > 0) out.push({ id: 'add-lockfile', priority: 'high', category: 'dependencies', message: 'Commit a lockfile so installs are reproducible.', evidence: unlocked.map((lock) => `${lock.manifest} without ${lock.expected.join(' / ')}`) });
  if (!scan.documentation.readme && tests.sourceFiles > 0) out.push({ id: 'add-readme', priority: 'low', category: 'documentation', message: 'Add a README that says what the project is and how to run it.', evidence: ['no README file found'] });
  return out;
}
