/**
 * One technology catalogue for every pack (issue 24 item 6): the project pack owns it behind
 * its api.ts; the scanner, the rules, research and workflow packs read their facts from it
 * rather than from tables of their own, and the ADR pack's detections name its entries.
 */
import { describe, expect, it } from 'vitest';
import { TECHNOLOGIES as ADR_TECHNOLOGIES } from '../../../plugins/adr/evidence/table.js';
import {
  competingGroups, deploymentTechnologies, detectableTechnologies, ruleTechnologies, servicesByPort, technologies, technologyById, testRunners,
} from '../../../plugins/project/api.js';
import { CATALOG } from '../../../plugins/project/scanner/catalog.js';
import { COMPETING_GROUPS } from '../../../plugins/research/questions/competing.js';
import { TECHNOLOGIES as RULE_TECHNOLOGIES, technologiesIn } from '../../../plugins/rules/adr/technologies.js';
import { PORT_SERVICES } from '../../../plugins/workflow/failure/details.js';
import { technologiesIn as deploymentTechnologiesIn } from '../../../plugins/deployment/guidance/technologies.js';

describe('technology catalogue', () => {
  it('has one entry per id and per name, and no two entries claim the same name in prose', () => {
    const ids = technologies().map((t) => t.id);
    const names = technologies().map((t) => t.name);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    // An entry's name is matched by its own mentions (when it has any) and by no other entry's.
    for (const entry of technologies()) {
      const claimants = ruleTechnologies().filter((other) => new RegExp(other.mentions.source, other.mentions.flags).test(entry.name)).map((other) => other.id);
      expect(claimants.length, `${entry.name}: ${claimants.join(', ')}`).toBeLessThanOrEqual(1);
      if (entry.mentions) expect(claimants, entry.name).toEqual([entry.id]);
    }
  });

  it('a competing group member and a detection name only packages its entry declares', () => {
    for (const entry of technologies()) {
      for (const [ecosystem, names] of Object.entries(entry.competes?.packages ?? {})) {
        // Libraries that are not detected carry their packages on `competes` only.
        if (entry.packages) for (const name of names) expect(entry.packages[ecosystem as 'npm' | 'pypi'] ?? [], `${entry.id} ${name}`).toContain(name);
      }
    }
  });

  it("the rules pack's technologies are the catalogue's: PostgreSQL's packages, words and rule order", () => {
    const postgres = RULE_TECHNOLOGIES.find((t) => t.id === 'postgresql')!;
    expect(postgres.packages).toEqual(technologyById('postgresql')!.clients);
    expect(postgres.packages).toEqual(['pg', 'postgres', 'pg-promise', 'psycopg2', 'psycopg2-binary', 'psycopg', 'asyncpg', 'github.com/lib/pq', 'github.com/jackc/pgx']);
    expect(RULE_TECHNOLOGIES.map((t) => t.id)).toEqual(ruleTechnologies().map((t) => t.id));
    expect(RULE_TECHNOLOGIES).toHaveLength(34);
    expect(technologiesIn('We use Postgres rather than MongoDB, with Express.').map((t) => t.id).sort()).toEqual(['express', 'mongodb', 'postgresql']);
  });

  it("the research pack's competing groups are the catalogue's", () => {
    expect(COMPETING_GROUPS).toEqual(competingGroups());
    const http = COMPETING_GROUPS.find((g) => g.id === 'http-client')!;
    expect(new Set(http.packages.npm)).toEqual(new Set(['axios', 'node-fetch', 'got', 'undici', 'superagent', 'ky', 'request', 'cross-fetch']));
    const orm = COMPETING_GROUPS.find((g) => g.id === 'orm')!;
    // SQLAlchemy's extensions (flask-sqlalchemy, sqlmodel) show SQLAlchemy is used; they are not a second ORM.
    expect(orm.packages.pypi).toEqual(expect.arrayContaining(['sqlalchemy']));
    expect(orm.packages.pypi).not.toContain('flask-sqlalchemy');
    expect(COMPETING_GROUPS.map((g) => g.id)).toEqual(['http-client', 'test-runner', 'orm', 'logger', 'validation', 'date', 'web-framework']);
  });

  it("the scanner's catalogue, the workflow pack's ports and test runners come from the catalogue", () => {
    expect(CATALOG).toEqual(detectableTechnologies());
    expect(CATALOG.find((t) => t.name === 'PostgreSQL')?.packages?.npm).toEqual(['pg', 'postgres', 'pg-promise']);
    expect(PORT_SERVICES).toEqual(servicesByPort());
    expect(PORT_SERVICES['5432']).toBe('PostgreSQL');
    expect(PORT_SERVICES['9092']).toBe('Kafka');
    expect(testRunners().map(([name]) => name)).toEqual(['Vitest', 'Jest', 'Mocha', 'pytest', 'go test', 'cargo test']);
  });

  it("the deployment pack's technologies come from the catalogue, listed by area", () => {
    expect(deploymentTechnologies().map((t) => t.name)).toEqual([
      'Docker', 'Kubernetes', 'Helm', 'Terraform', 'Serverless', 'GitHub Actions', 'GitLab CI', 'Jenkins',
      'PostgreSQL', 'MySQL', 'MongoDB', 'Redis', 'AWS', 'Google Cloud', 'Azure', 'Heroku', 'Vercel', 'Netlify',
    ]);
    expect(deploymentTechnologiesIn('Run the containerized API on EKS with Terraform, state in Postgres, images built by GitHub Actions')).toEqual([
      'Docker', 'Kubernetes', 'Terraform', 'GitHub Actions', 'PostgreSQL',
    ]);
  });

  it("every scanner detection the ADR pack's evidence names is a catalogue technology", () => {
    const detectable = new Set(detectableTechnologies().map((t) => t.name));
    const named = ADR_TECHNOLOGIES.flatMap((t) => t.evidence.detections ?? []);
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((name) => !detectable.has(name))).toEqual([]);
  });
});
