import { describe, expect, it } from 'vitest';
import { parseAdr } from '../../../plugins/adr/catalog/index.js';

// The catalogue reads ADRs from the SDK's Markdown tree: code samples, setext headings and nested lists are Markdown's, not a line regex's.
describe('ADRs read from the Markdown tree', () => {
  it('does not take a "## Status" or a "Superseded by" line inside code samples for the record\'s own', async () => {
    const text = [
      '# 4. Document ADR conventions',
      '',
      '## Status',
      '',
      'Accepted',
      '',
      '## Decision',
      '',
      'Every record starts like this (an indented code block, then a fence holding a fence):',
      '',
      '    ## Status',
      '',
      '    Superseded by [ADR-9](0009-x.md)',
      '',
      '````markdown',
      '```',
      '## Status',
      'Rejected',
      '```',
      '````',
      '',
      '## Consequences',
      '',
      'Reviews check the header.',
      '',
    ].join('\n');
    const adr = (await parseAdr('0004-document-adr-conventions.md', text))!;
    expect(adr).toMatchObject({ number: 4, status: 'accepted', rawStatus: 'Accepted', consequences: 'Reviews check the header.' });
    expect(adr.links.supersededBy).toEqual([]);
    expect(adr.decision).toBe('Every record starts like this (an indented code block, then a fence holding a fence):');
  });

  it('reads setext headings, CRLF line ends, and takes only top-level bullets as considered options', async () => {
    const text = [
      'Use Kafka for order events',
      '==========================',
      '',
      '* Status: accepted',
      '* Date: 2024-02-02',
      '',
      'Considered Options',
      '------------------',
      '',
      '* Kafka',
      '  * keeps a replayable log',
      '* RabbitMQ',
      '* *Amazon SQS*',
      '',
      'Decision Outcome',
      '----------------',
      '',
      'Chosen option: "Kafka".',
      '',
    ].join('\r\n');
    const adr = (await parseAdr('0008-use-kafka.md', text))!;
    expect(adr).toMatchObject({ number: 8, title: 'Use Kafka for order events', status: 'accepted', date: '2024-02-02', format: 'madr', decision: 'Chosen option: "Kafka".' });
    expect(adr.consideredOptions).toEqual(['Kafka', 'RabbitMQ', 'Amazon SQS']);
  });

  it('reads a Y-statement spread over a quote with each part in bold', async () => {
    const text = '# Cache sessions\n\n> **In the context of** the checkout service,\n> **facing** slow session lookups,\n> **we decided for** Redis\n> **and neglected** Memcached,\n> **to achieve** fast reads,\n> **accepting** one more service to run.\n';
    const adr = (await parseAdr('0012-cache-sessions.md', text))!;
    expect(adr.format).toBe('y-statement');
    expect(adr.yStatement).toEqual({ context: 'the checkout service', facing: 'slow session lookups', decision: 'Redis', neglected: 'Memcached', achieve: 'fast reads', accepting: 'one more service to run' });
  });
});
