import { describe, expect, it } from 'vitest';
import { actionableConsequences, priorityOf } from '../../../plugins/adr/todo/derive-tasks.js';
import { importItems } from '../../../plugins/adr/todo/import-tasks.js';
import { BLOCK_END, BLOCK_START, renderBlock, spliceBlock, type AdrInfo } from '../../../plugins/adr/todo/markdown-block.js';
import { parseTodoMarkdown } from '../../../plugins/adr/todo/markdown-parse.js';
import type { Task } from '../../../plugins/adr/todo/types.js';
import type { ParsedAdr } from '../../../plugins/adr/catalog/types.js';

const T0 = '2024-05-01T10:00:00.000Z';
const task = (id: string, title: string, extra: Partial<Task> = {}): Task => ({
  id,
  title,
  description: '',
  status: 'pending',
  priority: 'medium',
  linkedAdr: null,
  tags: [],
  dependencies: [],
  createdAt: T0,
  updatedAt: T0,
  completedAt: null,
  ...extra,
});

const ADR_PATH = 'docs/adrs/0003-use-postgresql.md';
const adrs = new Map<string, AdrInfo>([[ADR_PATH, { path: ADR_PATH, number: 3, title: 'Use PostgreSQL', status: 'accepted', found: true }]]);
const TASKS: Task[] = [
  task('task-aaaaaaaaaaaa', 'Write tests that verify the decision "Use PostgreSQL" (ADR 3)', { linkedAdr: ADR_PATH, priority: 'high', status: 'completed', completedAt: T0 }),
  task('task-bbbbbbbbbbbb', 'Implement the decision "Use PostgreSQL" (ADR 3)', { linkedAdr: ADR_PATH, priority: 'high', status: 'in_progress', dependencies: ['task-aaaaaaaaaaaa'] }),
  task('task-cccccccccccc', 'Rotate the staging credentials', { status: 'blocked', priority: 'critical' }),
  task('task-dddddddddddd', 'Evaluate a second region', { status: 'cancelled', priority: 'low' }),
  task('task-eeeeeeeeeeee', 'Write the runbook', {}),
];

describe('the toolpack block', () => {
  it('renders tasks grouped by ADR and parses back with ids, states, priorities and groups', async () => {
    const block = renderBlock(TASKS, adrs, { includePriorities: true, includeTimestamps: true });
    expect(block.startsWith(BLOCK_START)).toBe(true);
    expect(block.endsWith(BLOCK_END)).toBe(true);
    expect(block).toContain('## ADR 3: Use PostgreSQL\n<!-- adr: docs/adrs/0003-use-postgresql.md -->');
    expect(block).toContain('- [x] Write tests that verify the decision "Use PostgreSQL" (ADR 3) (priority: high) <!-- task: task-aaaaaaaaaaaa -->');
    expect(block).toContain('  - Depends on: task-aaaaaaaaaaaa');
    expect(block).toContain('- [ ] ~~Evaluate a second region~~ (priority: low) (status: cancelled)');
    expect(block.indexOf('## ADR 3')).toBeLessThan(block.indexOf('## Other tasks'));

    const { items } = await parseTodoMarkdown(`# TODO\n\n${block}\n`);
    expect(items.map((i) => [i.id, i.stated, i.priority])).toEqual([
      ['task-aaaaaaaaaaaa', 'completed', 'high'],
      ['task-bbbbbbbbbbbb', 'in_progress', 'high'],
      ['task-cccccccccccc', 'blocked', 'critical'],
      ['task-dddddddddddd', 'cancelled', 'low'],
      ['task-eeeeeeeeeeee', null, 'medium'],
    ]);
    expect(items.map((i) => i.title)).toEqual(TASKS.map((t) => t.title));
    expect(items[1]!.group).toMatchObject({ adrPath: ADR_PATH, adrNumber: 3 });
    expect(items[4]!.group?.heading).toBe('Other tasks');
    // Our own "Depends on" and timestamp lines are not notes.
    expect(items.every((i) => i.notes.length === 0)).toBe(true);
  });

  it('leaves out priorities and timestamps when asked', () => {
    const block = renderBlock(TASKS, adrs, { includePriorities: false, includeTimestamps: false });
    expect(block).not.toContain('(priority:');
    expect(block).not.toContain('Created:');
    expect(renderBlock(TASKS, adrs, { includePriorities: true, includeTimestamps: true })).toContain(`Created: ${T0} · Updated: ${T0}`);
  });

  it('round-trips every status through import without changing a task', async () => {
    const text = `# TODO\n\n${renderBlock(TASKS, adrs, { includePriorities: true, includeTimestamps: true })}\n`;
    const outcome = importItems({ items: (await parseTodoMarkdown(text)).items, existing: TASKS, adrByNumber: new Map(), newId: () => 'task-new', now: '2024-06-01T00:00:00.000Z', file: 'TODO.md' });
    expect(outcome).toMatchObject({ created: [], updated: [], unchanged: 5 });
  });

  it('replaces only the block: text before and after it is kept byte for byte', async () => {
    const before = '# Release plan\r\n\r\nNotes the team wrote  \r\n';
    const after = '\r\n## Parking lot\r\n- [ ] someday\r\n';
    const old = `${before}${BLOCK_START}\r\nold content\r\n${BLOCK_END}${after}`;
    const { text, appended } = await spliceBlock(old, `${BLOCK_START}\r\nnew\r\n${BLOCK_END}`, 'TODO.md');
    expect(appended).toBe(false);
    expect(text).toBe(`${before}${BLOCK_START}\r\nnew\r\n${BLOCK_END}${after}`);
  });

  it('appends a block after existing content, and starts a new file with a title', async () => {
    expect(await spliceBlock('# Mine\n- [ ] a', 'BLOCK', 'TODO.md')).toEqual({ text: '# Mine\n- [ ] a\n\nBLOCK\n', appended: true });
    expect((await spliceBlock('', 'BLOCK', 'TODO.md')).text).toBe('# TODO\n\nBLOCK\n');
  });

  it('refuses a damaged block instead of guessing where it ends', async () => {
    await expect(spliceBlock(`x\n${BLOCK_START}\nhalf`, 'B', 'TODO.md')).rejects.toThrow(/TODO\.md.*damaged/);
    await expect(spliceBlock(`${BLOCK_START}\n${BLOCK_END}\n${BLOCK_START}\n${BLOCK_END}`, 'B', 'TODO.md')).rejects.toThrow(/more than one/);
  });

  it('takes markers shown in a code sample for what they are, not for the block', async () => {
    const sample = `# TODO\n\nThe tool writes between two markers:\n\n\`\`\`md\n${BLOCK_START}\n${BLOCK_END}\n\`\`\`\n`;
    expect(await spliceBlock(sample, 'BLOCK', 'TODO.md')).toEqual({ text: `${sample}\nBLOCK\n`, appended: true });
    const withBlock = `${sample}\n${BLOCK_START}\nold\n${BLOCK_END}\n`;
    expect((await spliceBlock(withBlock, 'NEW', 'TODO.md')).text).toBe(`${sample}\nNEW\n`);
  });
});

describe('hand-written TODO lists', () => {
  const HAND = [
    '# Sprint 14',
    '',
    '## Backend',
    '- [x] Set up the CI pipeline',
    '- [ ] Add rate limiting',
    '  - [X] Write rate limiter tests',
    '    - note: use a token bucket',
    '  - [ ] Load-test the limiter',
    '* [/] Refactor the auth middleware',
    '1. [-] Drop the XML endpoint',
    '',
    '```md',
    '- [ ] not a task, it is in a code sample',
    '```',
    '',
    '### ADR-0003 follow-ups',
    '- [ ] Create the orders schema (priority: high)',
  ].join('\n');

  it('reads states, nesting, notes and groups; the document title is not a group', async () => {
    const { items } = await parseTodoMarkdown(HAND);
    expect(items.map((i) => [i.title, i.checked, i.stated])).toEqual([
      ['Set up the CI pipeline', true, 'completed'],
      ['Add rate limiting', false, null],
      ['Write rate limiter tests', true, 'completed'],
      ['Load-test the limiter', false, null],
      ['Refactor the auth middleware', false, 'in_progress'],
      ['Drop the XML endpoint', false, 'cancelled'],
      ['Create the orders schema', false, null],
    ]);
    expect(items[2]!.parent).toBe(1);
    expect(items[3]!.parent).toBe(1);
    expect(items[4]!.parent).toBeNull();
    expect(items[2]!.notes).toEqual(['note: use a token bucket']);
    expect(items[0]!.group?.heading).toBe('Backend');
    expect(items[6]).toMatchObject({ priority: 'high', group: { adrNumber: 3 } });
  });

  it('imports them: new tasks tagged by heading, linked by ADR number, parents depending on nested items', async () => {
    let n = 0;
    const outcome = importItems({
      items: (await parseTodoMarkdown(HAND)).items,
      existing: [task('task-rate', 'add rate limiting.', { status: 'blocked' })],
      adrByNumber: new Map([[3, ADR_PATH]]),
      newId: () => `task-${++n}`,
      now: '2024-06-01T00:00:00.000Z',
      file: 'TODO.md',
    });
    const byTitle = new Map([...outcome.created, ...outcome.updated].map((t) => [t.title, t]));
    expect(outcome.created).toHaveLength(6);
    expect(byTitle.get('Set up the CI pipeline')).toMatchObject({ status: 'completed', tags: ['backend'], completedAt: '2024-06-01T00:00:00.000Z', origin: 'imported' });
    expect(byTitle.get('Write rate limiter tests')?.description).toBe('note: use a token bucket');
    expect(byTitle.get('Create the orders schema')).toMatchObject({ linkedAdr: ADR_PATH, priority: 'high', tags: [] });
    // Matched by title (case and final full stop ignored); an unticked box keeps "blocked".
    const rate = outcome.updated.find((t) => t.id === 'task-rate')!;
    expect(rate.status).toBe('blocked');
    expect(rate.dependencies).toEqual([byTitle.get('Write rate limiter tests')!.id, byTitle.get('Load-test the limiter')!.id]);
  });
});

describe('which consequences are work', () => {
  it('keeps obligations and imperatives, drops MADR assessments and descriptions', () => {
    const text = [
      '* Good, because we must no longer hand-write clients.',
      '* Bad, because we must maintain two specs.',
      '* Neutral, because the gateway stays.',
      '* We need to add a contract test stage to CI.',
      '* Clients are generated.',
      '',
      'Everyone must learn SQL migrations. Backups are handled by the platform. We will no longer need the cron job.',
      'Migrate the legacy reports to the new API.',
    ].join('\n');
    expect(actionableConsequences(text)).toEqual(['Add a contract test stage to CI', 'Everyone must learn SQL migrations', 'Migrate the legacy reports to the new API']);
  });

  it('derives priority from security, compliance and data-loss words', () => {
    const adr = (title: string, context: string) => ({ title, context, decision: null }) as unknown as ParsedAdr;
    expect(priorityOf(adr('Use PostgreSQL', 'Losing orders means data loss for customers.')).priority).toBe('critical');
    expect(priorityOf(adr('Use OAuth 2.0', 'We need authentication for partners.')).priority).toBe('high');
    expect(priorityOf(adr('Use Vitest', 'Jest is slow.'))).toEqual({ priority: 'medium', reason: expect.stringContaining('no security') });
  });
});
