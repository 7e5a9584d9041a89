import { describe, expect, it } from 'vitest';
import { parseAdr } from '../../../plugins/adr/catalog/index.js';
import { EvidenceIndex } from '../../../plugins/adr/evidence/scan-evidence.js';
import { technology } from '../../../plugins/adr/evidence/table.js';
import { analyseChoice, mentionedTechnologies, readDecision } from '../../../plugins/adr/evidence/text.js';
import { parseTodo, tasksForAdr } from '../../../plugins/adr/evidence/todo-markdown.js';
import type { FileEntry, ProjectScan } from '../../../plugins/project/scanner/types.js';

const names = (techs: Array<{ name: string }>) => techs.map((t) => t.name).sort();
const choice = (text: string) => {
  const { chosen, excluded } = analyseChoice(text);
  return { chosen: names(chosen), excluded: names(excluded) };
};

describe('reading what a decision chooses', () => {
  it('turns down the technology after "rather than" / "instead of"', () => {
    expect(choice('We will use PostgreSQL rather than MongoDB.')).toEqual({ chosen: ['PostgreSQL'], excluded: ['MongoDB'] });
    expect(choice('Orders are stored in PostgreSQL instead of MongoDB or DynamoDB.')).toEqual({ chosen: ['PostgreSQL'], excluded: ['DynamoDB', 'MongoDB'] });
    expect(choice('Use PostgreSQL, not MySQL.')).toEqual({ chosen: ['PostgreSQL'], excluded: ['MySQL'] });
  });

  it('ends the turned-down list at a technology of another area or a new clause', () => {
    expect(choice('We publish events to Kafka instead of RabbitMQ, and Redis for caching.')).toEqual({ chosen: ['Kafka', 'Redis'], excluded: ['RabbitMQ'] });
    expect(choice('We use Kafka instead of RabbitMQ. Redis stays the cache.')).toEqual({ chosen: ['Kafka', 'Redis'], excluded: ['RabbitMQ'] });
  });

  it('reads migrations, replacements, "over" and "in favour of" the right way round', () => {
    expect(choice('We will migrate the order data from MongoDB to PostgreSQL.')).toEqual({ chosen: ['PostgreSQL'], excluded: ['MongoDB'] });
    expect(choice('Replace RabbitMQ with Kafka for order events.')).toEqual({ chosen: ['Kafka'], excluded: ['RabbitMQ'] });
    expect(choice('MongoDB was rejected in favour of PostgreSQL.')).toEqual({ chosen: ['PostgreSQL'], excluded: ['MongoDB'] });
    expect(choice('We chose PostgreSQL over MongoDB.')).toEqual({ chosen: ['PostgreSQL'], excluded: ['MongoDB'] });
    // "over" followed by a transport turns nothing down.
    expect(choice('Services talk gRPC over HTTP/2 behind Kubernetes.')).toEqual({ chosen: ['Kubernetes', 'gRPC'], excluded: [] });
  });

  it('never reads a choice from the context section', async () => {
    const adr = (await parseAdr('0003-use-postgresql.md', [
      '# 3. Store orders in a relational database',
      '',
      '## Status',
      '',
      'Accepted',
      '',
      '## Context',
      '',
      'The prototype kept orders in MongoDB and cached them in Redis.',
      '',
      '## Decision',
      '',
      'We will use PostgreSQL rather than MongoDB, with one schema per service.',
      '',
    ].join('\n')))!;
    const reading = readDecision(adr);
    expect(reading.source).toBe('decision');
    expect(names(reading.chosen)).toEqual(['PostgreSQL']);
    expect(names(reading.excluded)).toEqual(['MongoDB']);
  });

  it('reads MADR\'s chosen option (other considered options are turned down) and Y-statements\' neglected options', async () => {
    const madr = (await parseAdr('0004-message-broker.md', [
      '# Choose a message broker',
      '',
      '* Status: accepted',
      '',
      '## Context and Problem Statement',
      '',
      'Order events must reach billing.',
      '',
      '## Considered Options',
      '',
      '* Kafka',
      '* RabbitMQ',
      '* Amazon SQS',
      '',
      '## Decision Outcome',
      '',
      'Chosen option: "Kafka", because it keeps a replayable log, unlike RabbitMQ which Redis could also replace.',
      '',
    ].join('\n')))!;
    const reading = readDecision(madr);
    expect(reading.source).toBe('chosen-option');
    expect(names(reading.chosen)).toEqual(['Kafka']);
    expect(names(reading.excluded)).toEqual(['Amazon SQS', 'RabbitMQ']);

    const y = (await parseAdr('0005-cache.md', [
      '# Session cache',
      '',
      'In the context of the checkout service, facing slow session lookups in PostgreSQL, we decided for Redis and neglected Memcached, to achieve sub-millisecond reads, accepting another service to run.',
      '',
    ].join('\n')))!;
    expect(readDecision(y)).toMatchObject({ source: 'y-statement' });
    expect(names(readDecision(y).chosen)).toEqual(['Redis']);
    expect(names(readDecision(y).excluded)).toEqual(['Memcached']);
  });
});

describe('naming technologies in prose', () => {
  it('does not take the verb "go" (or "Go ahead") for the Go language', () => {
    expect(names(mentionedTechnologies('We will go with PostgreSQL. Go ahead and deploy it; we go live in May.'))).toEqual(['PostgreSQL']);
    expect(names(mentionedTechnologies('The ledger service is written in Go.'))).toEqual(['Go']);
    expect(names(mentionedTechnologies('Golang 1.22 and Go modules'))).toEqual(['Go']);
  });

  it('does not take ordinary words for frameworks, and prefers the longest name', () => {
    expect(mentionedTechnologies('Services react to events and express intent through commands; we rest on defaults.')).toEqual([]);
    expect(names(mentionedTechnologies('The API uses Express with React on the front end and a REST interface.'))).toEqual(['Express', 'REST', 'React']);
    expect(names(mentionedTechnologies('Consumers read Redis Streams.'))).toEqual(['Redis Streams']);
    expect(names(mentionedTechnologies('Next.js pages deployed on Vercel; MongoDB via Mongoose.'))).toEqual(['MongoDB', 'Next.js', 'Vercel']);
  });
});

function scanOf(partial: Partial<ProjectScan>): ProjectScan {
  return {
    root: '/p', fingerprint: 'x', source: 'filesystem', truncated: false, files: { count: 0, bytes: 0 }, languages: [], manifests: [], frameworks: [], databases: [], messaging: [], testing: [],
    infrastructure: { dockerfiles: [], compose: [], kubernetes: [], helm: [], terraform: { files: [], providers: [] }, serverless: [] },
    ci: [], documentation: { readme: null, folders: [], generators: [] }, architecture: [], skipped: [], ...partial,
  };
}
const file = (path: string): FileEntry => ({ path, size: 100, mtimeMs: 0 });

describe('evidence in a scan', () => {
  it('finds dependencies per ecosystem (Python names normalised), images and config files as strong evidence', () => {
    const scan = scanOf({
      manifests: [
        { path: 'requirements.txt', ecosystem: 'pypi', dependencies: [{ name: 'Flask_SQLAlchemy', dev: false }, { name: 'PyJWT', dev: false }] },
        { path: 'package.json', ecosystem: 'npm', dependencies: [{ name: '@opentelemetry/sdk-node', dev: false }] },
      ],
      databases: [{ name: 'SQLAlchemy', evidence: ['requirements.txt: Flask_SQLAlchemy'] }],
      infrastructure: { ...scanOf({}).infrastructure, compose: [{ path: 'compose.yaml', services: [{ name: 'db', image: 'docker.io/library/postgres:16', build: false }] }] },
    });
    const index = new EvidenceIndex(scan, [file('openapi.yaml')]);
    expect(index.get(technology('jwt')!).strong).toEqual(['requirements.txt: PyJWT']);
    expect(index.get(technology('sqlalchemy')!).strong).toEqual(['requirements.txt: Flask_SQLAlchemy']);
    expect(index.get(technology('opentelemetry')!).strong).toEqual(['package.json: @opentelemetry/sdk-node']);
    expect(index.get(technology('postgresql')!).strong).toEqual(['compose.yaml: db (docker.io/library/postgres:16)']);
    expect(index.get(technology('rest')!).strong).toEqual(['openapi.yaml']);
  });

  it('counts source file names only as weak evidence, and never documents', () => {
    const index = new EvidenceIndex(scanOf({}), [file('src/events/kafka-producer.ts'), file('docs/adrs/0002-use-kafka.md'), file('kafka.md')]);
    const kafka = technology('kafka')!;
    expect(index.get(kafka)).toEqual({ strong: [], weak: ['src/events/kafka-producer.ts'] });
    expect(index.counted(kafka, true)).toEqual([]);
    expect(index.counted(kafka, false)).toEqual(['src/events/kafka-producer.ts']);
  });

  it('counts a language only when it holds a real share of the code', () => {
    const scan = scanOf({ languages: [{ language: 'Go', files: 40, bytes: 90_000 }, { language: 'JavaScript', files: 1, bytes: 2_000 }, { language: 'Markdown', files: 9, bytes: 500_000 }] });
    const index = new EvidenceIndex(scan, []);
    expect(index.get(technology('go')!).strong).toEqual(['40 Go files (98% of the code)']);
    expect(index.get(technology('javascript')!).strong).toEqual([]);
  });
});

describe('TODO.md groups', () => {
  it('finds the checkboxes under headings that name an ADR by number or title, subsections included', async () => {
    const doc = await parseTodo([
      '# TODO',
      '## ADR-0001: Use PostgreSQL',
      '- [x] Write the migration test',
      '- [ ] Add the orders table',
      '### Follow-up',
      '- [~] Tune the pool',
      '## Kafka for order events',
      '- [X] Publish OrderPlaced',
      '## Other',
      '- [ ] Unrelated',
      '```',
      '- [ ] inside a code block',
      '```',
    ].join('\n'));
    const adr = async (number: number, title: string, path: string) => (await parseAdr(path, `# ${number}. ${title}\n\n## Status\n\nAccepted\n\n## Decision\n\nWe will do it.\n`))!;
    expect(tasksForAdr(doc, await adr(1, 'Use PostgreSQL', '0001-use-postgresql.md')).map((t) => t.status)).toEqual(['completed', 'pending', 'in_progress']);
    expect(tasksForAdr(doc, await adr(2, 'Kafka for order events', '0002-kafka.md')).map((t) => t.text)).toEqual(['Publish OrderPlaced']);
    expect(tasksForAdr(doc, await adr(3, 'Use Redis', '0003-use-redis.md'))).toEqual([]);
  });
});
