/**
 * A pnpm TypeScript monorepo as teams write them: packages/web (Next.js with
 * src/pages route files such as `[...slug].tsx`, an app/ router, Storybook
 * stories, PascalCase components), packages/core (kebab-case modules, its own
 * `class Logger` writing to the console, DEFAULT_EXPORTS product files with
 * `export default`), tool configs at the root (.eslintrc.js, jest.config.js,
 * .prettierrc) and ten date-named MADR records in docs/adr, among them
 * "Avoid default exports". One naming slip is planted: PLANTED_NAMING.
 */
import type { Tree } from '../project/fixtures.js';

export const DEFAULT_EXPORTS = 16;
export const PLANTED_NAMING = 'packages/web/src/components/user_menu.tsx';

const COMPONENTS = [
  'Header', 'Footer', 'NavBar', 'SideBar', 'Button', 'IconButton', 'Card', 'CardList', 'Modal', 'Dialog', 'Tooltip', 'Avatar',
  'Badge', 'Breadcrumbs', 'Checkbox', 'DatePicker', 'Dropdown', 'EmptyState', 'ErrorBanner', 'FormField', 'ImageGallery', 'LoadingSpinner',
  'Pagination', 'PriceTag', 'ProductCard', 'ProductGrid', 'SearchBox', 'SelectMenu', 'ShareButton', 'StarRating', 'TabPanel', 'TagList',
  'TextInput', 'Toast', 'UserCard', 'VideoPlayer',
];

const CORE_MODULES = [
  'order-service', 'cart-service', 'price-calculator', 'tax-rules', 'currency-format', 'inventory-client', 'payment-gateway', 'shipping-rates',
  'user-session', 'feature-flags', 'event-bus', 'retry-policy', 'rate-limiter', 'cache-store', 'search-index', 'email-sender',
];

const madr = (title: string, date: string, problem: string, options: string[], outcome: string) =>
  `# ${title}\n\n* Status: accepted\n* Deciders: web platform team\n* Date: ${date}\n\n## Context and Problem Statement\n\n${problem}\n\n## Considered Options\n\n${options.map((o) => `* ${o}`).join('\n')}\n\n## Decision Outcome\n\n${outcome}\n\n### Positive Consequences\n\n* One way of working across the packages.\n\n### Negative Consequences\n\n* Contributors have to learn the convention.\n`;

export const ADRS: Record<string, string> = {
  '20200901-record-architecture-decisions.md': madr('Record architecture decisions', '2020-09-01', 'We need to record the architectural decisions made on this project.', ['MADR', 'Nygard records', 'Wiki pages'], 'Chosen option: "MADR", because it keeps options and outcome in the repository next to the code.'),
  '20200903-use-pnpm-workspaces.md': madr('Use pnpm workspaces', '2020-09-03', 'The monorepo needs one package manager that links local packages.', ['pnpm', 'Yarn workspaces', 'npm workspaces'], 'Chosen option: "pnpm", because its content-addressed store keeps installs fast and its workspaces link local packages strictly.'),
  '20200907-use-typescript-strict-mode.md': madr('Use TypeScript strict mode', '2020-09-07', 'Type errors reached production through implicit any.', ['TypeScript with strict mode', 'TypeScript with default settings', 'JavaScript with JSDoc'], 'Chosen option: "TypeScript with strict mode", because strict null checks and no implicit any catch the errors we shipped.'),
  '20200910-use-prettier.md': madr('Use Prettier for formatting', '2020-09-10', 'Reviews spent time on formatting.', ['Prettier', 'ESLint formatting rules', 'No formatter'], 'Chosen option: "Prettier", because it ends formatting discussions; it runs in a pre-commit hook.'),
  '20200915-use-jest.md': madr('Use Jest for unit tests', '2020-09-15', 'Packages need one test runner.', ['Jest', 'Mocha', 'AVA'], 'Chosen option: "Jest", because it runs TypeScript through ts-jest and has snapshot tests.'),
  '20200925-avoid-default-exports.md': madr('Avoid default exports', '2020-09-25', 'Default exports get a different name at every import site, which breaks refactoring and search.', ['Named exports only', 'Default exports for components', 'No convention'], 'Chosen option: "Named exports only", because a named export keeps one name across the code base and editors rename it everywhere. Frameworks that require a default export (Next.js pages, Storybook stories, tool configs) are exempt.'),
  '20201002-use-nextjs.md': madr('Use Next.js for the web application', '2020-10-02', 'The shop front needs server rendering.', ['Next.js', 'Create React App', 'Gatsby'], 'Chosen option: "Next.js", because it renders on the server and routes by file.'),
  '20201014-use-conventional-commits.md': madr('Use Conventional Commits', '2020-10-14', 'Release notes are written by hand.', ['Conventional Commits', 'Free-form messages'], 'Chosen option: "Conventional Commits", because release notes can be generated from them.'),
  '20201103-lint-with-eslint.md': madr('Lint with ESLint', '2020-11-03', 'Common mistakes reach review.', ['ESLint', 'TSLint'], 'Chosen option: "ESLint", because TSLint is deprecated; the configuration lives in .eslintrc.js at the root.'),
  '20201120-document-components-in-storybook.md': madr('Document components in Storybook', '2020-11-20', 'Designers cannot see components in isolation.', ['Storybook', 'Styleguidist'], 'Chosen option: "Storybook", because designers already use it.'),
};

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function tsMonorepo(): Tree {
  const tree: Tree = {
    'package.json': json({ name: 'acme-shop', private: true, packageManager: 'pnpm@8.15.4', scripts: { test: 'jest', lint: 'eslint .', format: 'prettier --write .' }, devDependencies: { eslint: '^8.57.0', jest: '^29.7.0', 'ts-jest': '^29.1.2', prettier: '^3.2.5', typescript: '^5.4.2' } }),
    'pnpm-workspace.yaml': "packages:\n  - 'packages/*'\n",
    'pnpm-lock.yaml': "lockfileVersion: '6.0'\n",
    'tsconfig.json': json({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', jsx: 'preserve' } }),
    '.eslintrc.js': "module.exports = {\n  root: true,\n  parser: '@typescript-eslint/parser',\n  extends: ['eslint:recommended', 'prettier'],\n  rules: { 'import/no-default-export': 'error' },\n};\n",
    '.prettierrc': json({ singleQuote: true, printWidth: 100 }),
    'jest.config.js': "module.exports = {\n  preset: 'ts-jest',\n  projects: ['<rootDir>/packages/*'],\n};\n",
    'README.md': '# Acme shop\n\nThe shop front (packages/web) and its domain code (packages/core).\n',
    'packages/web/package.json': json({ name: '@acme/web', private: true, dependencies: { next: '^14.1.0', react: '^18.2.0', 'react-dom': '^18.2.0', '@acme/core': 'workspace:*' }, devDependencies: { '@storybook/react': '^7.6.0' } }),
    'packages/web/next.config.js': "/** @type {import('next').NextConfig} */\nconst nextConfig = { reactStrictMode: true };\n\nexport default nextConfig;\n",
    'packages/web/src/pages/_app.tsx': "import type { AppProps } from 'next/app';\n\nexport default function App({ Component, pageProps }: AppProps) {\n  return <Component {...pageProps} />;\n}\n",
    'packages/web/src/pages/index.tsx': "import { Header } from '../components/Header';\n\nexport default function Home() {\n  return <Header />;\n}\n",
    'packages/web/src/pages/about.tsx': 'export default function About() {\n  return <p>About us</p>;\n}\n',
    'packages/web/src/pages/blog/[...slug].tsx': "import { useRouter } from 'next/router';\n\nexport default function BlogPost() {\n  const { query } = useRouter();\n  return <h1>{String(query.slug)}</h1>;\n}\n",
    'packages/web/src/pages/users/[id].tsx': "import { useRouter } from 'next/router';\n\nexport default function UserPage() {\n  return <p>{String(useRouter().query.id)}</p>;\n}\n",
    'packages/web/src/app/dashboard/page.tsx': 'export default function DashboardPage() {\n  return <main>Dashboard</main>;\n}\n',
    'packages/web/src/app/dashboard/layout.tsx': 'export default function DashboardLayout({ children }: { children: React.ReactNode }) {\n  return <section>{children}</section>;\n}\n',
    'packages/web/src/components/Header.stories.tsx': "import { Header } from './Header';\n\nexport default { title: 'Header', component: Header };\n\nexport const Default = {};\n",
    [PLANTED_NAMING]: 'export function UserMenu() {\n  return <nav>Menu</nav>;\n}\n',
    'packages/web/src/components/Header.test.tsx': "import { Header } from './Header';\n\ntest('renders', () => {\n  expect(Header).toBeDefined();\n});\n",
    'packages/core/package.json': json({ name: '@acme/core', private: true, main: 'src/index.ts' }),
    'packages/core/jest.config.ts': "import type { Config } from 'jest';\n\nconst config: Config = { preset: 'ts-jest' };\n\nexport default config;\n",
    'packages/core/src/logger.ts':
      "export type Level = 'debug' | 'info' | 'warn' | 'error';\n\n/** The project's logger: one line of JSON per event on the console. */\nexport class Logger {\n  constructor(private readonly scope: string) {}\n\n  info(message: string, fields: Record<string, unknown> = {}) {\n    console.log(JSON.stringify({ level: 'info', scope: this.scope, message, ...fields }));\n  }\n\n  error(message: string, fields: Record<string, unknown> = {}) {\n    console.log(JSON.stringify({ level: 'error', scope: this.scope, message, ...fields }));\n  }\n}\n",
    'packages/core/src/index.ts': "export { Logger } from './logger';\nexport { money } from './money';\n",
    'packages/core/src/money.ts': "export const money = (cents: number) => (cents / 100).toFixed(2);\n",
    'packages/core/src/order-service.test.ts': "import OrderService from './order-service';\n\ntest('creates', () => {\n  expect(new OrderService()).toBeDefined();\n});\n",
  };
  for (const name of COMPONENTS) tree[`packages/web/src/components/${name}.tsx`] = `export function ${name}() {\n  return <div className="${name.toLowerCase()}" />;\n}\n`;
  CORE_MODULES.slice(0, DEFAULT_EXPORTS).forEach((name, i) => {
    const type = name.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
    tree[`packages/core/src/${i % 2 ? 'domain/' : ''}${name}.ts`] = `import { Logger } from '${i % 2 ? '../' : './'}logger';\n\nconst log = new Logger('${name}');\n\nexport default class ${type} {\n  run() {\n    log.info('${name} ran');\n  }\n}\n`;
  });
  for (const [file, text] of Object.entries(ADRS)) tree[`docs/adr/${file}`] = text;
  tree['docs/adr/template.md'] = '# {short title of solved problem and solution}\n\n* Status: {proposed | rejected | accepted | deprecated}\n\n## Context and Problem Statement\n\n{Describe the context}\n\n## Decision Outcome\n\nChosen option: "{option 1}"\n';
  return tree;
}
