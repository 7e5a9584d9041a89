/**
 * Fuzzed arguments answer a ValidationError naming the parameter and what was
 * expected, never an InternalError (issue 25 item 8), through a real MCP client
 * against the kernel with every built-in pack.
 */
import { describe, expect, it } from 'vitest';
import { createWorkspace, inProcessClient } from '../security/helpers.js';

const issuesOf = (data: unknown) => (data as { error: { type: string; details?: { issues?: Array<{ parameter: string; expected?: string }> } } }).error;

describe('arguments that are not well-formed Unicode', () => {
  it('a lone surrogate in any string parameter is refused naming the parameter, for every tool (generate_readme_template license: was "URI malformed")', async () => {
    const ws = createWorkspace({});
    const client = await inProcessClient(ws.dir);
    const readme = await client.call('generate_readme_template', { projectName: 'demo', description: 'A demo.', templateType: 'library', license: 'MIT\ud800' });
    expect(readme.isError, readme.text).toBe(true);
    expect(issuesOf(readme.data).type).toBe('ValidationError');
    expect(readme.text).toBe('Error executing generate_readme_template: invalid arguments: parameter "license" contains a lone surrogate \\uD800 at character 4; expected well-formed Unicode text');

    // Nested, in another pack's tool: the same check names the path.
    const adr = await client.call('generate_adr_from_decision', { decisionData: { title: 'Use \udc00 queues', context: 'c', decision: 'd', consequences: 'e' } });
    expect(issuesOf(adr.data).type).toBe('ValidationError');
    expect(adr.text).toContain('parameter "decisionData.title" contains a lone surrogate \\uDC00 at character 5');

    // A valid pair (an emoji) is text like any other.
    const fine = await client.call('generate_readme_template', { projectName: 'demo 🚀', description: 'A demo.', templateType: 'library' });
    expect(fine.isError, fine.text).toBe(false);
  }, 60_000);
});

describe('unknown keys in nested objects', () => {
  it('an unknown key inside decisionData lists the keys decisionData allows, not the top-level parameters', async () => {
    const ws = createWorkspace({});
    const client = await inProcessClient(ws.dir);
    const result = await client.call('generate_adr_from_decision', { decisionData: { title: 'Use queues', context: 'c', decision: 'd', consequences: 'e', colour: 'blue' } });
    expect(result.isError, result.text).toBe(true);
    const error = issuesOf(result.data);
    expect(error.type).toBe('ValidationError');
    expect(result.text).toMatch(/unknown parameter "decisionData\.colour"; expected only in "decisionData": title, .*context/);
    expect(result.text).not.toMatch(/expected only[^;]*adrDirectory/);
    expect(error.details?.issues?.[0]).toMatchObject({ parameter: 'decisionData.colour', expected: expect.stringContaining('consequences') });

    // Top level: still the tool's parameters.
    const top = await client.call('generate_adr_from_decision', { decisionData: { title: 'Use queues', context: 'c', decision: 'd', consequences: 'e' }, colour: 'blue' });
    expect(top.text).toMatch(/unknown parameter "colour"; expected only: decisionData, adrDirectory/);
  }, 60_000);
});
