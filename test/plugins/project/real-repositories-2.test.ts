/**
 * Judgement defects found on rebuilt real repositories (issue 10), each as a class:
 * a Qt desktop goal manager storing goals in SQLite through the standard library,
 * a Tkinter tool whose tests alone open SQLite, a JavaScript payment integration
 * deployed as AWS Lambda / Cloud Functions / Azure Functions / commercetools Connect,
 * and a Go Kubernetes operator with a Cobra CLI and one optional config path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { json, project, type Tree } from './fixtures.js';

const nygard = (number: number, title: string, body: string) =>
  `# ${number}. ${title}\n\nDate: 2022-05-01\n\n## Status\n\nAccepted\n\n## Context\n\n${body}\n\n## Decision\n\n${body}\n\n## Consequences\n\nNone.\n`;

/** A PySide6 desktop app with two console tools, goals stored in SQLite via `import sqlite3`, ADRs naming the product. */
const desktopApp = (): Tree => ({
  'pyproject.toml': [
    '[project]',
    'name = "siebenapp"',
    'version = "0.14"',
    'requires-python = ">=3.10,<3.14"',
    'dependencies = ["PySide6 (>= 6.6.0)"]',
    '',
    '[project.gui-scripts]',
    'sieben = "siebenapp.app:main"',
    '',
    '[project.scripts]',
    'clieben = "siebenapp.cli:main"',
    '',
    '[tool.poetry.group.dev.dependencies]',
    'pytest = "^8.4.2"',
    'approvaltests-minimal = "^15.3.2"',
    '',
  ].join('\n'),
  'README.md': '# SiebenApp\n\nAn experimental dependency-aware desktop goal manager.\n',
  'siebenapp/__init__.py': '',
  'siebenapp/app.py': 'import sys\n\nfrom PySide6.QtWidgets import QApplication, QMainWindow\n\nfrom siebenapp.system import load\n\n\ndef main():\n    app = QApplication(sys.argv)\n    window = QMainWindow()\n    window.show()\n    sys.exit(app.exec())\n',
  'siebenapp/cli.py': 'from siebenapp.system import load\nfrom siebenapp.zoom import Zoom\n\n\ndef main():\n    print(Zoom(load("sieben.db")))\n',
  'siebenapp/system.py': [
    'import sqlite3',
    'from os import path',
    '',
    'MIGRATIONS = [["create table goals (goal integer primary key, name string)"]]',
    '',
    '',
    'def load(filename):',
    '    connection = sqlite3.connect(filename)',
    '    return connection.execute("select * from goals").fetchall()',
    '',
  ].join('\n'),
  'siebenapp/zoom.py': 'class Zoom:\n    def __init__(self, goals):\n        self.goals = goals\n\n    def q(self):\n        return self.goals\n',
  'siebenapp/layers.py': 'from siebenapp.zoom import Zoom\n\n\ndef persistent_layers(goals):\n    return [Zoom(goals)]\n',
  'siebenapp/tests/__init__.py': '',
  'siebenapp/tests/test_database.py': 'import sqlite3\n\nfrom siebenapp.system import load\n\n\ndef test_load(tmp_path):\n    sqlite3.connect(tmp_path / "x.db").execute("create table goals (goal integer, name string)")\n',
  'siebenapp/tests/test_cli.py': 'from approvaltests import verify\n\nfrom siebenapp.cli import main\n\n\ndef test_cli():\n    verify(main())\n',
  'doc/adr/0001-record-architecture-decisions.md': nygard(1, 'Record architecture decisions', 'We need to record the architectural decisions made on SiebenApp.'),
  'doc/adr/0005-forever-alpha-version.md': nygard(5, 'Forever alpha version', 'SiebenApp is my pet project (https://github.com/ahitrin/SiebenApp). Do not support compliance with old Python versions.'),
  'doc/adr/0007-pass-selected-goals-through-all-layers.md': nygard(7, 'Pass selected goals through all layers as is', 'The `Zoom` class and the `Graph.q()` interface receive the selection unchanged.'),
  'doc/adr/0008-do-not-persist-selection-and-zoom.md': nygard(8, 'Do not persist selection and zoom', 'Drop the zoom tables from the database; `layers.persistent_layers` no longer stores them.'),
  '.github/workflows/jekyll-gh-pages.yml': [
    'name: Deploy Jekyll',
    'on: [push]',
    'jobs:',
    '  build:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - uses: actions/configure-pages@v5',
    '      - uses: actions/jekyll-build-pages@v1',
    '        with:',
    '          source: ./blog',
    '      - uses: actions/upload-pages-artifact@v3',
    '',
  ].join('\n'),
  '.github/workflows/python.yml': [
    'name: CI build',
    'on: [push]',
    'jobs:',
    '  build:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - uses: actions/setup-python@v5',
    '        with:',
    "          python-version: '3.12'",
    '      - run: pip install poetry && poetry install',
    '      - run: poetry run pytest',
    '',
  ].join('\n'),
});

/** A Tkinter tool with no manifest framework; only its tests open SQLite. */
const tkinterTool = (): Tree => ({
  'setup.py': 'from setuptools import setup\n\nsetup(name="pomodoro", py_modules=["pomodoro"])\n',
  'pomodoro/__init__.py': '',
  'pomodoro/window.py': 'import tkinter as tk\nfrom tkinter import ttk\n\n\ndef main():\n    root = tk.Tk()\n    ttk.Label(root, text="25:00").pack()\n    root.mainloop()\n',
  'tests/test_history.py': 'import sqlite3\n\n\ndef test_history():\n    assert sqlite3.connect(":memory:")\n',
});

/** Two Node services deployed as Docker images, AWS Lambda, Cloud Functions (from CI), Azure Functions and commercetools Connect. */
const paymentIntegration = (): Tree => ({
  'connect.yaml': [
    'deployAs:',
    '  - name: notification',
    '    applicationType: service',
    '    endpoint: /',
    '    configuration:',
    '      securedConfiguration:',
    '        - key: ADYEN_INTEGRATION_CONFIG',
    '          description: Escaped JSON object',
    '',
  ].join('\n'),
  'notification/package.json': json({ name: 'commercetools-adyen-integration-notification', type: 'module', main: 'index.js', scripts: { start: 'node ./src/init.js', test: 'mocha' }, dependencies: { '@commercetools/sdk-client': '^2.1.2', 'node-fetch': '^3.3.2' }, devDependencies: { mocha: '^10.2.0' } }),
  'notification/Dockerfile': 'FROM node:18-alpine\nWORKDIR /app\nCOPY package*.json ./\nRUN npm ci --omit=dev\nCOPY . .\nUSER node\nCMD ["node", "./src/init.js"]\n',
  'notification/index.lambda.js': "import { handle } from './src/handler.js'\n\nexport const handler = async (event) => {\n  const body = event.body ? JSON.parse(event.body) : event\n  return handle(body)\n}\n",
  'notification/index.googleFunction.js': "import { handle } from './src/handler.js'\n\nexport const notificationTrigger = async (request, response) => {\n  response.status(200).send(await handle(request.body))\n}\n",
  'notification/src/handler.js': "import config from './config.js'\n\nexport async function handle(body) {\n  return { accepted: Boolean(config.adyen), body }\n}\n",
  'notification/src/config.js': [
    'const raw = process.env.ADYEN_INTEGRATION_CONFIG',
    'const config = JSON.parse(raw)',
    'config.baseUrl = process.env.CONNECT_SERVICE_URL ?? config.notificationBaseUrl',
    'config.port = process.env.NOTIFICATION_PORT || 8080',
    'config.logLevel = process.env.ADYEN_LOG_LEVEL',
    'export default config',
    '',
  ].join('\n'),
  'notification/test/unit/mock-default-config.js': "process.env.ADYEN_INTEGRATION_CONFIG = JSON.stringify({ adyen: { apiKey: 'apiKey' } })\n",
  'notification/docs/HowToRun.md': '# How to run\n\nSet `NOTIFICATION_PORT` to change the port (default 8080).\n',
  'extension/host.json': json({ version: '2.0' }),
  'extension/extension-trigger/function.json': json({ bindings: [{ authLevel: 'function', type: 'httpTrigger', direction: 'in', name: 'req' }] }),
  'extension/extension-trigger/index.azureFunction.js': "export default async function (context, req) {\n  context.res = { body: req.body }\n}\n",
  '.github/workflows/ci.yml': [
    'name: CI',
    'on: [push]',
    'jobs:',
    '  notification:',
    '    runs-on: ubuntu-latest',
    '    env:',
    '      ADYEN_INTEGRATION_CONFIG: ${{ secrets.ADYEN_INTEGRATION_CONFIG }}',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - uses: actions/setup-node@v4',
    '        with:',
    '          node-version: 18',
    '      - run: npm ci',
    '        working-directory: notification',
    '      - run: |',
    '          gcloud functions deploy notification-ci \\',
    '            --runtime nodejs18 --trigger-http --entry-point notificationTrigger',
    '',
  ].join('\n'),
  '.github/workflows/cd.yml': [
    'name: CD',
    'on:',
    '  release:',
    '    types: [published]',
    'jobs:',
    '  images:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - uses: docker/build-push-action@v5',
    '        with:',
    '          context: notification',
    '          push: true',
    '',
  ].join('\n'),
  '.github/workflows/codeql.yml': [
    'name: CodeQL',
    'on: [push]',
    'jobs:',
    '  analyze:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - uses: github/codeql-action/init@v3',
    '        with:',
    '          languages: javascript',
    '      - uses: github/codeql-action/analyze@v3',
    '',
  ].join('\n'),
});

/** A Go operator (controller-runtime) with a Cobra CLI reading one optional config path; Node only for a release tool in CI. */
const goOperator = (): Tree => ({
  'go.mod': 'module github.com/acme/infrakit\n\ngo 1.19\n\nrequire (\n\tgithub.com/go-chi/chi/v5 v5.0.8\n\tgithub.com/spf13/cobra v1.6.1\n\tsigs.k8s.io/controller-runtime v0.13.1\n)\n',
  'main.go': 'package main\n\nimport "github.com/acme/infrakit/cmd"\n\nfunc main() { cmd.Execute() }\n',
  'cmd/root.go': 'package cmd\n\nimport (\n\t"os"\n\n\t"github.com/spf13/cobra"\n)\n\nvar rootCmd = &cobra.Command{Use: "infrakit"}\n\nfunc Execute() {\n\tif configFile := os.Getenv("INFRAKIT_CONFIG"); configFile != "" {\n\t\t_ = configFile\n\t}\n\t_ = rootCmd.Execute()\n}\n',
  'api/v1alpha1/proxy_types.go': 'package v1alpha1\n\n// +kubebuilder:object:root=true\ntype Proxy struct {\n\tName string `json:"name"`\n}\n',
  'api/v1alpha1/groupversion_info.go': 'package v1alpha1\n\nimport "sigs.k8s.io/controller-runtime/pkg/scheme"\n\nvar SchemeBuilder = &scheme.Builder{}\n',
  'controllers/proxy/proxy_controller.go': 'package proxy\n\nimport (\n\t"context"\n\n\tv1alpha1 "github.com/acme/infrakit/api/v1alpha1"\n\tctrl "sigs.k8s.io/controller-runtime"\n)\n\ntype ProxyReconciler struct{ proxy v1alpha1.Proxy }\n\nfunc (r *ProxyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { return ctrl.Result{}, nil }\n',
  'pkg/proxy/server.go': 'package proxy\n\nimport (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n)\n\nfunc Router() http.Handler { return chi.NewRouter() }\n',
  'Dockerfile': 'FROM golang:1.19 AS build\nWORKDIR /src\nCOPY . .\nRUN go build -o /infrakit .\n\nFROM gcr.io/distroless/static:nonroot\nCOPY --from=build /infrakit /infrakit\nUSER 65532:65532\nENTRYPOINT ["/infrakit"]\n',
  '.github/workflows/release.yml': [
    'name: Release',
    'on: [push]',
    'jobs:',
    '  release:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - uses: actions/setup-go@v4',
    '        with:',
    "          go-version: '1.19'",
    '      - run: go build ./...',
    '      - uses: actions/setup-node@v4',
    '        with:',
    '          node-version: lts/*',
    '      - run: npx semantic-release',
    '',
  ].join('\n'),
});

async function call(kernel: TestToolpack, tool: string, args: Record<string, unknown>) {
  const result = await kernel.call(tool, args);
  expect(result.isError, JSON.stringify(result.content).slice(0, 500)).not.toBe(true);
  return result.structuredContent as any;
}

const finding = (data: any, type: string, id: string) => data.environments.find((environment: any) => environment.type === type).findings.find((item: any) => item.id === id);

describe('a PySide6 desktop application storing its goals in SQLite', () => {
  let kernel: TestToolpack;
  beforeAll(async () => {
    kernel = await startTestToolpack({ workspace: project(desktopApp()), config: { plugins: ['project', 'adr'] } });
  });
  afterAll(() => kernel.stop());

  it('finds SQLite from the product\'s import sqlite3 and Qt from the manifest', async () => {
    const repository = await call(kernel, 'analyze_repository', { path: '.' });
    expect(repository.dependencies.databases).toEqual(['SQLite']);
    expect(repository.dependencies.frameworks).toContain('Qt (PySide)');
    const ecosystem = await call(kernel, 'analyze_project_ecosystem', { projectPath: '.' });
    const databases = JSON.stringify(ecosystem.technologyStack.databases);
    expect(databases).toContain('siebenapp/system.py: import sqlite3');
    expect(databases).not.toContain('test_database.py');
  });

  it('calls it a desktop application from gui-scripts and PySide6, the console script only an also-match', async () => {
    const data = await call(kernel, 'analyze_repository', { path: '.' });
    const type = data.recommendations?.projectType ?? data.projectType;
    expect(type.type).toBe('application');
    expect(type.evidence).toContain('pyproject.toml: gui-scripts');
    expect(type.evidence.join(' ')).toContain('Qt (PySide)');
    expect(type.alsoMatches).toContain('cli');
  });

  it('gives no staging or production deployment advice, and asks only the installing workflow to cache', async () => {
    const data = await call(kernel, 'analyze_environment', { projectPath: '.' });
    for (const type of ['staging', 'production']) {
      const ids = data.environments.find((environment: any) => environment.type === type).findings.map((item: any) => item.id);
      expect(ids).toContain('not-a-service');
      expect(ids).not.toContain('environment-separation');
      expect(ids).not.toContain('dockerfile');
    }
    expect(finding(data, 'production', 'not-a-service').message).toContain('desktop application');
    const caching = finding(data, 'ci', 'ci-caching');
    expect(caching.status).toBe('warning');
    expect(caching.evidence).toEqual(['.github/workflows/python.yml (build: pip install)']);
    const cacheAdvice = data.optimizations.find((item: any) => item.id === 'ci-cache');
    expect(cacheAdvice.evidence).toEqual(['.github/workflows/python.yml']);
  });

  it('links ADRs to a file by the class or function it defines, not by the product\'s name or URL', async () => {
    const zoom = await call(kernel, 'get_architectural_context', { filePath: 'siebenapp/zoom.py' });
    expect(zoom.adrs.mentioning.map((adr: any) => [adr.number, adr.matchedOn])).toEqual([[7, ['symbol']]]);
    const layers = await call(kernel, 'get_architectural_context', { filePath: 'siebenapp/layers.py' });
    expect(layers.adrs.mentioning.map((adr: any) => adr.number)).toEqual([8]);
    const system = await call(kernel, 'get_architectural_context', { filePath: 'siebenapp/system.py' });
    expect(system.adrs.mentioning).toEqual([]);
    const whole = await call(kernel, 'get_architectural_context', {});
    const siebenapp = whole.components.find((component: any) => component.name === 'siebenapp');
    expect(siebenapp.adrs).toEqual([]);
  });

  it('counts approvaltests as declared through the approvaltests-minimal distribution', async () => {
    const whole = await call(kernel, 'get_architectural_context', {});
    expect(whole.externalDependencies).toContainEqual({ name: 'approvaltests', files: 1, declared: true });
  });
});

describe('a Tkinter tool whose tests alone use SQLite', () => {
  it('finds Tkinter from the standard-library import and leaves SQLite out', async () => {
    const kernel = await startTestToolpack({ workspace: project(tkinterTool()), config: { plugins: ['project'] } });
    const data = await call(kernel, 'analyze_project_ecosystem', { projectPath: '.' });
    const stack = JSON.stringify(data.technologyStack);
    expect(stack).toContain('Tkinter');
    expect(stack).toContain('pomodoro/window.py: import tkinter');
    expect(stack).not.toContain('SQLite');
    const repository = await call(kernel, 'analyze_repository', { path: '.' });
    const type = repository.recommendations?.projectType ?? repository.projectType;
    expect(type).toMatchObject({ type: 'application' });
    expect(type.evidence[0]).toContain('Tkinter');
    await kernel.stop();
  });
});

describe('a payment integration deployed as functions and to commercetools Connect', () => {
  let kernel: TestToolpack;
  beforeAll(async () => {
    kernel = await startTestToolpack({ workspace: project(paymentIntegration()), config: { plugins: ['project'] } });
  });
  afterAll(() => kernel.stop());

  it('reports the Lambda and Cloud Functions handlers, the gcloud deploy, Azure Functions and connect.yaml as serverless', async () => {
    const data = await call(kernel, 'analyze_project_ecosystem', { projectPath: '.' });
    const serverless = data.infrastructure?.serverless ?? data.architecture?.infrastructure?.serverless;
    expect(serverless).toEqual(
      expect.arrayContaining([
        'notification/index.lambda.js (AWS Lambda)',
        'notification/index.googleFunction.js (Google Cloud Functions)',
        '.github/workflows/ci.yml (Google Cloud Functions)',
        'extension/host.json (Azure Functions)',
        'extension/extension-trigger/index.azureFunction.js (Azure Functions)',
        'connect.yaml (commercetools Connect)',
      ]),
    );
    // A module merely named handler.js, with exports, is no Lambda handler.
    expect(serverless).not.toContain('notification/src/handler.js (AWS Lambda)');
  });

  it('finds a Python Lambda by lambda_function.py and its (event, context) handler, and says production is serverless', async () => {
    const lambda = await startTestToolpack({
      workspace: project({
        'requirements.txt': 'boto3==1.34.0\n',
        'lambda_function.py': 'import json\nimport os\n\n\ndef lambda_handler(event, context):\n    return {"statusCode": 200, "body": json.dumps({"table": os.environ["TABLE_NAME"]})}\n',
        'template_notes.md': '# Notes\n',
      }),
      config: { plugins: ['project'] },
    });
    const data = await call(lambda, 'analyze_environment', { projectPath: '.', environmentType: 'production' });
    expect(data.containerization.serverless).toEqual(['lambda_function.py (AWS Lambda)']);
    expect(finding(data, 'production', 'dockerfile')).toMatchObject({ status: 'info', evidence: ['lambda_function.py (AWS Lambda)'] });
    await lambda.stop();
  });

  it('does not call a variable declared in CI, connect.yaml, the docs or set by the platform "declared nowhere", nor count a test setting it', async () => {
    const data = await call(kernel, 'analyze_environment', { projectPath: '.' });
    expect(data.environmentVariables.missing).toEqual([{ name: 'ADYEN_LOG_LEVEL', occurrences: 1, locations: ['notification/src/config.js:5'] }]);
    expect(data.environmentVariables.providedBy).toEqual(
      expect.arrayContaining([
        { source: 'connect.yaml (commercetools Connect): set by the platform', keys: 1 },
        { source: '.github/workflows/ci.yml', keys: 1 },
        { source: 'connect.yaml', keys: 1 },
        { source: 'notification/docs/HowToRun.md', keys: 1 },
      ]),
    );
    expect(finding(data, 'production', 'env-undeclared').evidence).toEqual(['ADYEN_LOG_LEVEL (notification/src/config.js:5)']);
  });

  it('asks for a dependency cache only in the workflow that runs npm ci, not the Docker or CodeQL ones', async () => {
    const data = await call(kernel, 'analyze_environment', { projectPath: '.', environmentType: 'ci' });
    const caching = finding(data, 'ci', 'ci-caching');
    expect(caching.message).toBe('1 of 1 CI configurations that install dependencies do not cache them between runs.');
    expect(caching.evidence).toEqual(['.github/workflows/ci.yml (notification: npm ci)']);
    expect(data.ci.configs.find((config: any) => config.path === '.github/workflows/cd.yml').installs).toEqual([]);
  });
});

describe('a Go Kubernetes operator with a Cobra CLI', () => {
  let kernel: TestToolpack;
  beforeAll(async () => {
    kernel = await startTestToolpack({ workspace: project(goOperator()), config: { plugins: ['project'] } });
  });
  afterAll(() => kernel.stop());

  it('tells runtime agreement apart per runtime', async () => {
    const data = await call(kernel, 'analyze_environment', { projectPath: '.', environmentType: 'development' });
    const agree = finding(data, 'development', 'runtime-versions-consistent');
    expect(agree.message).toContain('go: 3 declarations agree');
    expect(agree.message).toContain('node: declared once');
    expect(agree.message).not.toMatch(/4 runtime version declarations agree/);
  });

  it('does not ask for a .env.example for one optional config path', async () => {
    const data = await call(kernel, 'analyze_environment', { projectPath: '.' });
    expect(data.environmentVariables.missing.map((item: any) => item.name)).toEqual(['INFRAKIT_CONFIG']);
    const template = finding(data, 'development', 'env-template');
    expect(template.status).toBe('info');
    expect(template.message).toContain('INFRAKIT_CONFIG');
    expect(data.optimizations.map((item: any) => item.id)).not.toContain('declare-env-vars');
  });

  it('puts the API types in the domain layer and the reconcilers in the application layer', async () => {
    const data = await call(kernel, 'get_architectural_context', {});
    const byName = new Map<string, any>(data.components.map((component: any) => [component.name, component]));
    expect(byName.get('api/v1alpha1')).toMatchObject({ layer: 'domain' });
    expect(byName.get('controllers/proxy')).toMatchObject({ layer: 'application' });
    const file = await call(kernel, 'get_architectural_context', { filePath: 'controllers/proxy/proxy_controller.go' });
    expect(file.file.layer).toBe('application');
    expect(file.file.layerEvidence).toBe('controllers/ (Kubernetes reconcilers)');
  });
});
