/**
 * Issue 27 item 10 (b): smart_score's security_posture counts a file's secrets as the content
 * scan (analyze_content_security's rules) finds them, on their lines: a tracked file named like
 * a secrets file costs what it holds, not 10 points more for its name; only a sensitive file
 * whose content cannot be read (a binary key store) counts for its name. E-mails their owner
 * published (LICENSE, AUTHORS, package.json author and contributors) and gem versions in a
 * Gemfile.lock cost nothing.
 */
import { realpathSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startToolpack } from '../../../core/bootstrap.js';
import { PUBLISHED_BY_OWNER_RULES as POSTURE_PUBLISHED } from '../../../plugins/scoring/score/security-posture.js';
import { PUBLISHED_BY_OWNER_RULES } from '../../../plugins/security/rules/pii.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { connectTestClient } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { git, json, project, type Tree } from '../project/fixtures.js';
import { FAKE } from '../security/fake-secrets.js';

const service = (name: string, extra: Record<string, unknown> = {}) => json({ name, version: '1.0.0', type: 'module', scripts: { start: 'node src/index.js' }, ...extra });
const INDEX = "const port = Number(process.env.PORT ?? 3000);\nexport const db = process.env.DATABASE_URL;\nexport default port;\n";
const TOKEN_ENV = `NODE_ENV=production\nGITHUB_TOKEN=${FAKE.githubToken}\n`;

const PROJECTS: Record<string, Tree> = {
  // A .env that only names the variables (values from the platform): no secret in it.
  'env-references': { 'package.json': service('orders'), 'src/index.js': INDEX, '.env': 'PORT=3000\nDATABASE_URL=${DATABASE_URL}\nLOG_LEVEL=info\n' },
  'env-token': { 'package.json': service('sync'), 'src/index.js': INDEX, '.env': TOKEN_ENV },
  // A PKCS#12 key store is binary: its name is all the scan can go by.
  keystore: { 'package.json': service('signer'), 'src/index.js': INDEX, 'certs/release.p12': '0\u0082\u0009\u0000\u0002\u0001\u00030\u0082\u0008\u00c7\u0006\u0009*\u0086H\u0086\u00f7\r\u0001\u0007\u0001\u00a0\u0000\u0000' },
  published: {
    'package.json': service('ledger', { author: 'Priya Raman <priya.raman@fastmail.co.uk>', contributors: ['Li Wei <li.wei@harbourlabs.io>', 'Tomás Okafor <tomas.okafor@posteo.de>'] }),
    'src/index.js': INDEX,
    LICENSE: 'MIT License\n\nCopyright (c) 2021 Priya Raman <priya.raman@fastmail.co.uk>\n\nPermission is hereby granted, free of charge, to any person obtaining a copy of this software.\n',
    AUTHORS: '# The people who wrote this library.\nPriya Raman <priya.raman@fastmail.co.uk>\nLi Wei <li.wei@harbourlabs.io>\n',
    Gemfile: "source 'https://rubygems.org'\n\ngem 'google-protobuf', '~> 3.17.0.3'\n",
    'Gemfile.lock': 'GEM\n  remote: https://rubygems.org/\n  specs:\n    google-protobuf (3.17.0.3)\n    grpc (1.38.0.1)\n      google-protobuf (~> 3.17.0.3)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  google-protobuf (~> 3.17.0.3)\n\nBUNDLED WITH\n   2.2.22\n',
  },
};

describe('security_posture counts a file\'s secrets as the content scan finds them', () => {
  it('leaves out the same published-data rules as the security pack\'s compliance report', () => {
    expect([...POSTURE_PUBLISHED].sort()).toEqual([...PUBLISHED_BY_OWNER_RULES].sort());
  });

  it('by content for sensitive names, by name for unreadable key stores, and not for published e-mails or gem versions', async () => {
    const tree: Tree = {};
    for (const [name, files] of Object.entries(PROJECTS)) for (const [path, text] of Object.entries(files)) tree[`services/${name}/${path}`] = text;
    const root = realpathSync(project(tree, 'toolpack-posture-'));
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'Services');
    const kernel = await startToolpack({ cwd: root, preset: 'all', logger: createRootLogger('silent') });
    const mcp = await connectTestClient(kernel);
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = outcome((await mcp.callTool({ name, arguments: args })) as never);
      expect(result.isError, `${name}: ${result.text}`).toBe(false);
      return result.data;
    };
    const posture = async (name: string) => (await call('smart_score', { operation: 'recalculate_scores', projectPath: `services/${name}`, components: ['security_posture'] })).scores[0];
    try {
      const references = await posture('env-references');
      expect(references.score).toBe(100);
      expect(references.inputs.sensitiveFilesScanned).toEqual(['services/env-references/.env']);
      expect(references.actions).toEqual([]);

      // The token costs its own severity on its line, as analyze_content_security reports it; the name adds nothing.
      const analysed = await call('analyze_content_security', { content: TOKEN_ENV });
      const [issue] = analysed.securityIssues;
      const token = await posture('env-token');
      expect(token.evidence.map((e: string) => e.replace(/ \(.*\)$/, ''))).toEqual([`services/env-token/.env:${issue.line} ${issue.severity} ${issue.pattern}`]);
      expect(token.score).toBe(100 - { critical: 25, high: 10, medium: 3, low: 1 }[issue.severity as 'critical']);

      const keystore = await posture('keystore');
      expect(keystore.evidence).toEqual([expect.stringMatching(/^services\/keystore\/certs\/release\.p12: sensitive file tracked \(content not scanned: binary/)]);
      expect(keystore.score).toBe(90);

      const published = await posture('published');
      expect(published.score).toBe(100);
      expect(published.evidence).toEqual([]);
      expect(published.inputs.publishedByOwner).toBeGreaterThanOrEqual(4);
    } finally {
      await mcp.close();
      await kernel.stop();
    }
  }, 120_000);
});
