/**
 * create_rule_set checks its input against the limits of the rule set it
 * returns (the published schema), so a long name is a ValidationError naming the
 * parameter, not an InternalError from the output check (issue 25 item 8).
 */
import { describe, expect, it } from 'vitest';
import { createWorkspace, inProcessClient } from '../../security/helpers.js';

const rule = { id: 'no-eval', type: 'security', description: 'No eval.', severity: 'error', check: { kind: 'forbid-pattern', glob: 'src/**/*.js', regex: 'eval\\(' } };

describe('create_rule_set input limits', () => {
  it('refuses a name or description longer than a rule set allows, naming the parameter and the limit', async () => {
    const client = await inProcessClient(createWorkspace({}).dir);
    const longName = await client.call('create_rule_set', { name: 'n'.repeat(300), rules: [rule] });
    expect(longName.isError, longName.text).toBe(true);
    expect((longName.data as { error: { type: string } }).error.type).toBe('ValidationError');
    expect(longName.text).toMatch(/parameter "name" must NOT have more than 200 characters/);

    const longDescription = await client.call('create_rule_set', { name: 'ok', description: 'd'.repeat(5001), rules: [rule] });
    expect((longDescription.data as { error: { type: string } }).error.type).toBe('ValidationError');
    expect(longDescription.text).toContain('parameter "description"');

    const atLimit = await client.call('create_rule_set', { name: 'n'.repeat(200), rules: [rule] });
    expect(atLimit.isError, atLimit.text).toBe(false);
  }, 60_000);
});
