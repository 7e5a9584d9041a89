/**
 * The adr pack's knowledge table keeps only what is about decisions (area, competing group,
 * weak-evidence hint, titles), keyed by the project pack's catalogue id; every fact about the
 * technology (name, prose names, packages, files, images) is read from the catalogue (issue 24 item 6).
 */
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_STYLES } from '../../../plugins/adr/evidence/architecture-styles.js';
import { APP_TECHNOLOGIES } from '../../../plugins/adr/evidence/tech-app.js';
import { DATA_TECHNOLOGIES } from '../../../plugins/adr/evidence/tech-data.js';
import { PLATFORM_TECHNOLOGIES } from '../../../plugins/adr/evidence/tech-platform.js';
import { technologyById } from '../../../plugins/project/api.js';
import { inProcessClient } from '../../security/helpers.js';
import { json, project } from '../project/fixtures.js';

/** The rows as written, read before table.ts joins them (the join throws on an unknown id at load). */
const ROWS = [...DATA_TECHNOLOGIES, ...APP_TECHNOLOGIES, ...PLATFORM_TECHNOLOGIES];

describe('the adr knowledge table and the technology catalogue', () => {
  it('names only technologies the catalogue holds, each with the prose names ADRs are read by', () => {
    const ids = ROWS.flatMap((row) => [row.id, ...(row.shownBy ?? [])]);
    expect(ids.length).toBeGreaterThan(150);
    expect(ids.filter((id) => technologyById(id) === undefined)).toEqual([]);
    expect(ROWS.filter((row) => !technologyById(row.id)?.prose?.length).map((row) => row.id)).toEqual([]);
    // Architecture styles are no technologies: none may shadow a catalogue entry.
    expect(ARCHITECTURE_STYLES.filter((style) => technologyById(style.id)).map((style) => style.id)).toEqual([]);
  });

  it('keeps no fact about a technology itself: names, prose names, packages, files and images are the catalogue\'s', async () => {
    const adrOnly = new Set(['language', 'architecture', 'ci', 'infra', 'hint']);
    for (const row of ROWS) {
      expect(Object.keys(row).filter((key) => ['name', 'text', 'packages', 'deps', 'files', 'images'].includes(key)), row.id).toEqual([]);
      expect(Object.keys(row.evidence ?? {}).filter((key) => !adrOnly.has(key)), row.id).toEqual([]);
    }
    const { technology } = await import('../../../plugins/adr/evidence/table.js');
    for (const row of ROWS) {
      const tech = technology(row.id)!;
      const entry = technologyById(row.id)!;
      expect(tech.name).toBe(entry.name);
      expect(tech.text).toBe(entry.prose);
      expect(tech.evidence.images).toBe(entry.images);
      expect(tech.evidence.files).toBe(entry.files);
      if (!entry.category) expect(tech.evidence.deps).toBe(entry.packages);
      else expect(tech.evidence.detections?.[0]).toBe(entry.name);
    }
  });

  it('gives a detected database and broker the same name in suggest_adrs as in analyze_project_ecosystem', async () => {
    const dir = project({
      'package.json': json({ name: 'orders', version: '1.0.0', dependencies: { pg: '^8.11.3', '@aws-sdk/client-sqs': '^3.500.0' } }),
      'requirements.txt': 'pynamodb==6.0.0\n',
      'src/index.js': "import pg from 'pg';\nimport { SQSClient } from '@aws-sdk/client-sqs';\nexport const db = new pg.Pool();\nexport const queue = new SQSClient({});\n",
    });
    const client = await inProcessClient(dir);
    const scan = await client.call('analyze_project_ecosystem', { projectPath: '.' });
    expect(scan.isError, scan.text).toBe(false);
    const stack = scan.data.technologyStack;
    const scanned = [...stack.databases.top, ...stack.messaging.top].map((d: { name: string }) => d.name);
    const suggested = await client.call('suggest_adrs', { maxSuggestions: 50 });
    expect(suggested.isError).toBe(false);
    const named = suggested.data.suggestions.map((s: { technology: string }) => s.technology);
    // The Python client of DynamoDB is in the catalogue once, so both packs see it.
    for (const name of ['PostgreSQL', 'Amazon SQS', 'DynamoDB']) {
      expect(scanned, `analyze_project_ecosystem: ${name}`).toContain(name);
      expect(named, `suggest_adrs: ${name}`).toContain(name);
    }
  });
});
