/**
 * The sections of each template type, in reading order. Every type has installation,
 * quick start (with a code block), usage, configuration, contributing and licence
 * (added by render.ts); each type adds what its readers look for first.
 */
import { fill } from './placeholders.js';

export const TEMPLATE_TYPES = ['library', 'application', 'cli-tool', 'api', 'documentation'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export interface TemplateSection {
  title: string;
  /** Markdown lines under the `##` heading; `###` subsections allowed. */
  lines: string[];
}

const fence = (language: string, ...code: string[]) => ['```' + language, ...code, '```'];

/** A package-style name from the project name: `My Project` -> `my-project`. */
export function slugOf(projectName: string): string {
  return projectName.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'project';
}

const CONTRIBUTING: TemplateSection = {
  title: 'Contributing',
  lines: [
    'Contributions are welcome. Before opening a pull request:',
    '',
    '1. Open an issue describing the change, unless it is a small fix.',
    '2. Fork the repository and create a branch from the default branch.',
    '3. Add tests for the change and make sure the test suite passes.',
    '4. Describe what changed and why in the pull request.',
    '',
    'See [CONTRIBUTING.md](CONTRIBUTING.md) for the development setup and coding conventions.',
  ],
};

function library(slug: string): TemplateSection[] {
  return [
    { title: 'Installation', lines: ['Install the package with your package manager:', '', ...fence('bash', fill(`install command, e.g. npm install ${slug} or pip install ${slug}`))] },
    {
      title: 'Quick start',
      lines: ['The smallest program that uses the library:', '', ...fence('', fill('a minimal runnable example: import the library and call its main function')), '', 'Run it and you should see the result printed.'],
    },
    {
      title: 'Usage',
      lines: [
        'The main entry points:',
        '',
        '| Function | What it does |',
        '| --- | --- |',
        `| ${fill('function name')} | ${fill('one-line description')} |`,
        '',
        `Parameters, return values and errors of every function: ${fill('link to the API reference')}.`,
      ],
    },
    { title: 'Configuration', lines: ['Options are passed when the library is initialised; every option has a default, so none is required.', '', '| Option | Default | Description |', '| --- | --- | --- |', `| ${fill('option name')} | ${fill('default value')} | ${fill('what it changes')} |`] },
  ];
}

function application(slug: string): TemplateSection[] {
  return [
    { title: 'Features', lines: [`- ${fill('main feature')}`, '- Runs locally with one command and deploys as a single service.'] },
    {
      title: 'Installation',
      lines: ['Requirements: ' + fill('runtime and version, e.g. Node.js 20'), '', ...fence('bash', `git clone ${fill('repository URL')}`, `cd ${slug}`, fill('dependency install command, e.g. npm install'))],
    },
    { title: 'Quick start', lines: ['Copy the example environment file and start the application:', '', ...fence('bash', 'cp .env.example .env', fill('start command, e.g. npm start'))] },
    { title: 'Running locally', lines: ['Start the application in development mode, with reloading on change:', '', ...fence('bash', fill('development command, e.g. npm run dev')), '', 'Run the tests with:', '', ...fence('bash', fill('test command, e.g. npm test'))] },
    { title: 'Usage', lines: ['Open the address printed at start-up in a browser. ' + fill('what a first-time user does first')] },
    {
      title: 'Configuration',
      lines: [
        'The application reads its settings from environment variables (or a `.env` file in development):',
        '',
        '| Variable | Required | Default | Description |',
        '| --- | --- | --- | --- |',
        '| `PORT` | no | `3000` | Port the server listens on. |',
        '| `LOG_LEVEL` | no | `info` | One of `debug`, `info`, `warn`, `error`. |',
        `| ${fill('variable name')} | yes | | ${fill('what it configures')} |`,
      ],
    },
    {
      title: 'Deployment',
      lines: ['Build a production bundle and run it with the production environment variables set:', '', ...fence('bash', fill('build command, e.g. npm run build')), '', `Deployment target: ${fill('where it runs, e.g. Docker, a PaaS, a VM')}.`],
    },
  ];
}

function cliTool(slug: string): TemplateSection[] {
  return [
    {
      title: 'Installation',
      lines: ['Install the command globally:', '', ...fence('bash', fill(`global install command, e.g. npm install -g ${slug}`)), '', 'Check the installation:', '', ...fence('bash', `${slug} --version`)],
    },
    { title: 'Quick start', lines: ['Run the command on the current folder:', '', ...fence('bash', `${slug} ${fill('the most common command and its arguments')}`)] },
    {
      title: 'Usage',
      lines: [
        ...fence('text', `${slug} [command] [options]`),
        '',
        '### Commands',
        '',
        '| Command | Description |',
        '| --- | --- |',
        `| \`help\` | Show the commands and options. |`,
        `| ${fill('command name')} | ${fill('what the command does')} |`,
        '',
        '### Options',
        '',
        '| Option | Default | Description |',
        '| --- | --- | --- |',
        '| `-h`, `--help` | | Show help and exit. |',
        '| `-v`, `--version` | | Print the version and exit. |',
        '| `--verbose` | off | Print more detail about what the command does. |',
        `| ${fill('option')} | ${fill('default')} | ${fill('what it changes')} |`,
        '',
        'Exit status: 0 on success, 1 when the command fails, 2 on invalid arguments.',
      ],
    },
    { title: 'Configuration', lines: [`Defaults can be set in a configuration file, \`${fill('config file name, e.g. .toolrc.json')}\`, in the project folder or your home folder. Command-line options override the file.`] },
  ];
}

function api(slug: string): TemplateSection[] {
  return [
    {
      title: 'Installation',
      lines: ['Requirements: ' + fill('runtime and version, e.g. Node.js 20'), '', ...fence('bash', `git clone ${fill('repository URL')}`, `cd ${slug}`, fill('dependency install command, e.g. npm install'))],
    },
    { title: 'Quick start', lines: ['Start the server locally:', '', ...fence('bash', fill('start command, e.g. npm start')), '', 'The API is then served at `http://localhost:3000`.'] },
    {
      title: 'Authentication',
      lines: ['Every request except the health check carries an API key in the `Authorization` header:', '', ...fence('http', 'Authorization: Bearer YOUR_API_KEY'), '', `API keys are obtained from ${fill('where keys are issued')}. Requests without a valid key get \`401 Unauthorized\`.`],
    },
    {
      title: 'Endpoints',
      lines: [
        '| Method | Path | Description |',
        '| --- | --- | --- |',
        '| `GET` | `/health` | Liveness check; no authentication. |',
        `| ${fill('method')} | ${fill('path')} | ${fill('what the endpoint does')} |`,
        '',
        'Responses are JSON. Errors have the shape `{ "error": { "code": string, "message": string } }`.',
      ],
    },
    {
      title: 'Usage',
      lines: ['### Example request', '', ...fence('bash', 'curl -s http://localhost:3000/health', `curl -s -H "Authorization: Bearer $API_KEY" http://localhost:3000${fill('path')}`), '', '### Example response', '', ...fence('json', '{ "status": "ok" }')],
    },
    {
      title: 'Configuration',
      lines: [
        '| Variable | Required | Default | Description |',
        '| --- | --- | --- | --- |',
        '| `PORT` | no | `3000` | Port the API listens on. |',
        `| ${fill('variable name')} | yes | | ${fill('what it configures, e.g. the database URL')} |`,
      ],
    },
  ];
}

function documentation(slug: string): TemplateSection[] {
  return [
    {
      title: 'Installation',
      lines: ['The documentation is built with ' + fill('documentation generator, e.g. MkDocs, Docusaurus, Hugo') + '.', '', ...fence('bash', `git clone ${fill('repository URL')}`, `cd ${slug}`, fill('toolchain install command, e.g. pip install -r requirements.txt'))],
    },
    { title: 'Quick start', lines: ['Serve the documentation with live reload while you edit:', '', ...fence('bash', fill('serve command, e.g. mkdocs serve'))] },
    {
      title: 'Structure',
      lines: [
        ...fence('text', 'docs/', '├── tutorials/      learning-oriented lessons', '├── how-to/         task-oriented guides', '├── reference/      technical descriptions', '└── explanation/    background and design'),
        '',
        'Each page lives in the folder matching its purpose; images go beside the page that uses them.',
      ],
    },
    { title: 'Building the docs locally', lines: ['Build the static site into the output folder and check it for broken links:', '', ...fence('bash', fill('build command, e.g. mkdocs build --strict')), '', 'The site is written to `' + fill('output folder, e.g. site') + '`.'] },
    { title: 'Usage', lines: ['To add a page, create a Markdown file in the right folder and add it to the navigation in ' + fill('navigation file, e.g. mkdocs.yml') + '.'] },
    { title: 'Configuration', lines: ['Site settings (title, theme, navigation, plugins) are in ' + fill('configuration file') + '.'] },
  ];
}

const BUILDERS: Record<TemplateType, (slug: string) => TemplateSection[]> = { library, application, 'cli-tool': cliTool, api, documentation };

/** The type's own sections, then contributing (the docs variant for documentation projects). */
export function sectionsFor(type: TemplateType, slug: string): TemplateSection[] {
  const contributing =
    type === 'documentation'
      ? { title: 'Contributing to the docs', lines: ['Fixes and new pages are welcome: edit the page (every page has an edit link), build the site locally to check it, and open a pull request. Keep one topic per page and write in the second person.', '', ...CONTRIBUTING.lines.slice(2)] }
      : CONTRIBUTING;
  return [...BUILDERS[type](slug), contributing];
}
