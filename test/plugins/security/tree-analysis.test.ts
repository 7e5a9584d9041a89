import { describe, expect, it } from 'vitest';
import { analyzeTree, detectLanguage, type AstFinding, type TreeLanguage } from '../../../plugins/security/engine/tree-analysis.js';

/** Lines are written with a marker comment naming the finding they should produce. */
function expected(source: string): Array<[string, number]> {
  return source
    .split('\n')
    .flatMap((text, i) => [...text.matchAll(/(?:\/\/|#|\{\/\*) expect: ([\w-]+)/g)].map((m): [string, number] => [m[1]!, i + 1]));
}

const summary = (findings: AstFinding[]) => findings.map((f): [string, number] => [f.id, f.line]);

const JS_EXPRESS = `const express = require('express');
const { exec } = require('child_process');
const cp = require('node:child_process');

const STRIPE_SECRET_KEY = "sk_live_51HxQeR2eZvKYlo2C8nV4qTzP"; // expect: ast-hardcoded-secret
const config = {
  dbPassword: 'Xk9#mQ2$vL7@pR4!', // expect: ast-hardcoded-secret
  apiUrl: 'https://api.internal.acme.io/v1/customers/export',
};

const app = express();
app.get('/log', (req, res) => {
  exec(\`git log --oneline \${req.query.branch}\`, (err, out) => res.send(out)); // expect: ast-command-injection
});
app.get('/zip', (req, res) => {
  cp.spawn('zip -r ' + req.query.name, [], { shell: true }); // expect: ast-command-injection
});
app.get('/user', (req, res) => {
  db.query("SELECT * FROM users WHERE id = " + req.query.id, (e, rows) => res.json(rows)); // expect: ast-sql-injection
});
app.post('/calc', (req, res) => res.json({ value: eval(req.body.expr) })); // expect: ast-dynamic-eval
const render = new Function('data', req.body.template); // expect: ast-dynamic-eval
vm.runInNewContext(userScript, sandbox); // expect: ast-dynamic-eval
setTimeout("refresh('" + widgetId + "')", 1000); // expect: ast-dynamic-eval
`;

const TS_REPOSITORY = `import { execSync } from 'node:child_process';
import type { Pool } from 'pg';

interface DbConfig {
  host: string;
  password: string;
}

export class UserRepository {
  private readonly apiToken: string = 'ghp_8fK2mZq9XvL4tR7wYb1NcE5hJ3pD6sA0uQiW'; // expect: ast-hardcoded-secret
  constructor(private readonly pool: Pool) {}

  async findByName(name: string): Promise<unknown[]> {
    const sql = \`SELECT * FROM users WHERE name = '\${name}'\`;
    const { rows } = await this.pool.query(sql); // expect: ast-sql-injection
    return rows;
  }

  async findById(id: number): Promise<unknown> {
    return (await this.pool.query(\`SELECT * FROM users WHERE id = \${id}\`)).rows[0]; // expect: ast-sql-injection
  }

  backup(dir: string): void {
    execSync('tar czf /backups/db.tgz ' + dir); // expect: ast-command-injection
  }
}

export const dbConfig: DbConfig = { host: 'db.internal', password: process.env.DB_PASSWORD ?? '' };
export const sessionSecret = <string>'f3Kq9ZmX2vLp8RtW4nYb'; // expect: ast-hardcoded-secret
export const rawQuery = (prisma: any, table: string) => prisma.$queryRawUnsafe(\`SELECT * FROM \${table}\`); // expect: ast-sql-injection
`;

const TSX_COMPONENT = `import React from 'react';

type Props = { formula: string; apiKey?: string };

export function Calculator({ formula }: Props): JSX.Element {
  const result = new Function('return ' + formula)(); // expect: ast-dynamic-eval
  return <div className="result">{String(result)}</div>;
}

export const StoreMap = () => (
  <GoogleMap
    apiKey="AIzaSyD4kQ9vX2mN7pL3rT8wB5cF1hJ6gK0eYzU" // expect: ast-hardcoded-secret
    zoom={3}
  />
);

export async function clearCart(cartId: string): Promise<void> {
  'use server';
  await db.execute(\`DELETE FROM cart_items WHERE cart_id = '\${cartId}'\`); // expect: ast-sql-injection
}
`;

const PYTHON_VIEWS = `import os
import sqlite3
import subprocess as sp

AWS_SECRET_ACCESS_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ9vTk3mLp"  # expect: ast-hardcoded-secret


class SlackClient:
    def __init__(self):
        self.token = "xoxb-2048-9f8e7d6c5b4a-Qz7LmN3vB8kR"  # expect: ast-hardcoded-secret


def connect():
    return psycopg2.connect(host="db", password="Pq8#vN2!xL5@mZ9$")  # expect: ast-hardcoded-secret


def handler(request):
    db = sqlite3.connect("app.db")
    cur = db.cursor()
    cur.execute(f"SELECT * FROM users WHERE name = '{request.args['name']}'")  # expect: ast-sql-injection
    cur.execute("DELETE FROM sessions WHERE id = %s" % request.args["id"])  # expect: ast-sql-injection
    cur.execute("SELECT * FROM users WHERE email = '{}'".format(request.args["email"]))  # expect: ast-sql-injection
    sp.run("convert " + request.args["file"] + " out.png", shell=True)  # expect: ast-command-injection
    os.system("rm -rf /tmp/%s" % request.args["dir"])  # expect: ast-command-injection
    return eval(request.args["expr"])  # expect: ast-dynamic-eval
`;

const JS_SAFE = `const apiKey = process.env.STRIPE_API_KEY;
const token = process.env['GITHUB_TOKEN'] || '';
const password = 'changeme';
const dbPassword = "your-password-here";
const clientSecret = '\${CLIENT_SECRET}';
const authToken = '<TOKEN>';
const apiUrl = 'https://api.internal.acme.io/v1/customers/export';
const tokenUrl = 'https://login.acme.io/oauth2/v2.0/token';
const secretFile = '/etc/acme/credentials/service-account.json';
const four = eval('2 + 2');
exec('ls -la /var/log');
execSync("git rev-parse HEAD");
spawn('ls', ['-la', userDir]);
db.query('SELECT * FROM users WHERE id = $1', [req.query.id]);
db.query({ text: 'SELECT * FROM users WHERE id = $1', values: [id] });
const rows = await sql\`SELECT * FROM users WHERE id = \${id}\`;
const match = /(\\d+)/.exec(input);
const m = pattern.exec(userInput);
setTimeout(() => refresh(widgetId), 1000);
new Function('a', 'b', 'return a + b');
`;

const PYTHON_SAFE = `import os
import re
import subprocess

token = os.environ["API_TOKEN"]
password = os.getenv("DB_PASSWORD", "changeme")
password = "changeme"
api_key = "your-api-key"
api_url = "https://api.internal.acme.io/v1/customers/export"
value = eval("1 + 1")
os.system("ls -la /var/log")
subprocess.run(["convert", request.args["file"], "out.png"])
subprocess.run("make " + target)
cur.execute("SELECT * FROM users WHERE id = %s", (user_id,))
cur.executemany("INSERT INTO t (a, b) VALUES (%s, %s)", rows)
pattern = re.compile(user_pattern)
`;

describe('analyzeTree', () => {
  const cases: Array<[string, TreeLanguage, string]> = [
    ['JavaScript', 'javascript', JS_EXPRESS],
    ['TypeScript', 'typescript', TS_REPOSITORY],
    ['TSX', 'tsx', TSX_COMPONENT],
    ['Python', 'python', PYTHON_VIEWS],
  ];

  it.each(cases)('finds each marked issue in %s at its line', async (_name, language, source) => {
    const findings = await analyzeTree(source, language);
    expect(expected(source).length).toBeGreaterThanOrEqual(2);
    expect(summary(findings)).toEqual(expected(source));
  });

  it.each([
    ['JavaScript', 'javascript', JS_SAFE],
    ['TypeScript', 'typescript', JS_SAFE],
    ['Python', 'python', PYTHON_SAFE],
  ] as Array<[string, TreeLanguage, string]>)('reports nothing for safe %s', async (_name, language, source) => {
    expect(await analyzeTree(source, language)).toEqual([]);
  });

  it('reports the CWE, the node, a 1-based column, and never the secret itself', async () => {
    const [secret] = await analyzeTree('let x = 1;\n  const apiKey = "sk_live_51HxQeR2eZvKYlo2C8nV4qTzP";\n', 'javascript');
    expect(secret).toMatchObject({ id: 'ast-hardcoded-secret', cwe: 'CWE-798', nodeType: 'variable_declarator', line: 2, column: 18 });
    expect(JSON.stringify(secret)).not.toContain('sk_live');
    expect(secret!.securityImplication).toContain('apiKey');
    expect(secret!.recommendation).toBeTruthy();

    const [call] = await analyzeTree('import os\nos.system("ping " + host)\n', 'python');
    expect(call).toMatchObject({ id: 'ast-command-injection', cwe: 'CWE-78', nodeType: 'call', line: 2, column: 4 });
  });

  it('resolves imports and aliases of child_process and subprocess', async () => {
    const js = `import { exec as run } from 'child_process';
import * as proc from 'node:child_process';
run(cmd);
proc.execSync(\`rm \${file}\`);
other.execSync(cmd);
`;
    expect(summary(await analyzeTree(js, 'javascript'))).toEqual([
      ['ast-command-injection', 3],
      ['ast-command-injection', 4],
    ]);
    const py = `from subprocess import check_output as co
from os import popen
co(cmd, shell=True)
popen(cmd)
co(cmd, shell=False)
`;
    expect(summary(await analyzeTree(py, 'python'))).toEqual([
      ['ast-command-injection', 3],
      ['ast-command-injection', 4],
    ]);
  });

  it('does not throw on malformed code and still reports what parses', async () => {
    const js = `const apiKey = "sk_live_51HxQeR2eZvKYlo2C8nV4qTzP";
function broken(( {
  if (x > ) {
eval(userInput);
`;
    const findings = await analyzeTree(js, 'javascript');
    expect(findings.map((f) => f.id)).toContain('ast-hardcoded-secret');
    expect(findings.find((f) => f.id === 'ast-hardcoded-secret')?.line).toBe(1);

    const py = `def f(:\n    secret_key = "d8Fq2LmZ9vXk4RtW7pNc"\n    exec(code\n`;
    await expect(analyzeTree(py, 'python')).resolves.toEqual(expect.arrayContaining([expect.objectContaining({ id: 'ast-hardcoded-secret', line: 2 })]));
    await expect(analyzeTree('', 'typescript')).resolves.toEqual([]);
    await expect(analyzeTree('\u0000\uffff}}}{{{', 'tsx')).resolves.toBeInstanceOf(Array);
  });

  it('loads grammars once and parses languages concurrently', async () => {
    const runs = await Promise.all(cases.flatMap(([, language, source]) => [analyzeTree(source, language), analyzeTree(source, language)]));
    for (let i = 0; i < runs.length; i += 2) expect(runs[i]).toEqual(runs[i + 1]);
  });
});

describe('detectLanguage', () => {
  it('uses a file name or language name hint', () => {
    expect(detectLanguage('', 'src/app.py')).toBe('python');
    expect(detectLanguage('', 'server.mjs')).toBe('javascript');
    expect(detectLanguage('', 'Component.jsx')).toBe('javascript');
    expect(detectLanguage('', 'repo.ts')).toBe('typescript');
    expect(detectLanguage('', 'App.tsx')).toBe('tsx');
    expect(detectLanguage('', 'typescript')).toBe('typescript');
    expect(detectLanguage('const a = 1;', 'config.yaml')).toBeNull();
  });

  it('recognises each language from its content', () => {
    expect(detectLanguage(PYTHON_VIEWS, 'code')).toBe('python');
    expect(detectLanguage('import os\n\nclass A:\n    def run(self):\n        return self.x\n')).toBe('python');
    expect(detectLanguage(JS_EXPRESS, 'code')).toBe('javascript');
    expect(detectLanguage(TS_REPOSITORY)).toBe('typescript');
    expect(detectLanguage('function add(a: number, b: number): number { return a + b; }')).toBe('typescript');
    expect(detectLanguage(TSX_COMPONENT)).toBe('tsx');
    expect(detectLanguage('export default () => <div className="x">hi</div>;')).toBe('javascript');
  });

  it('returns null for content that is not code', () => {
    expect(detectLanguage('Just some prose about passwords and tokens.')).toBeNull();
    expect(detectLanguage('key: value\nother: 2\n', 'code')).toBeNull();
  });
});
