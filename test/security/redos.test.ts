/**
 * Item 2, regular-expression denial of service: a client-supplied pattern must
 * not freeze the server. Patterns that backtrack exponentially on V8 (and
 * slipped past the old nested-quantifier check) run on RE2 in linear time;
 * what RE2 cannot express (backreferences, lookaround) is refused with a
 * ValidationError naming the parameter; a pattern saved for output masking
 * does not slow later results, in this server or the next one on the store.
 */
import { fullResult } from '../helpers/full-result.js';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createWorkspace, inProcessClient, storeFile, type AttackClient } from './helpers.js';

const EVIL = ['(a|a)+$', '((a+))+$', '(a+){20}$', 'a*a*a*a*a*a*a*a*a*a*a*a*$', '(a+)+$'];
const TEXT = `${'a'.repeat(50_000)}!`;
/** Generous: the machine may be shared; the attack pinned the CPU for minutes. */
const QUICK_MS = 10_000;

/** Run `call` while another client call runs beside it; both must come back, the slow one within QUICK_MS. */
async function answersQuickly(client: AttackClient, call: () => Promise<{ isError: boolean; text: string }>) {
  const started = performance.now();
  const [result, other] = await Promise.all([call(), client.call('check_ai_execution_status', {})]);
  expect(performance.now() - started).toBeLessThan(QUICK_MS);
  expect(other.isError).toBe(false);
  return result;
}

describe('client patterns that backtrack catastrophically on V8', () => {
  it.each(EVIL)('%s runs in linear time in every pattern parameter', async (pattern) => {
    const ws = createWorkspace({ 'README.md': '# Demo\n' });
    const client = await inProcessClient(ws.dir);
    const calls: Array<[string, Record<string, unknown>]> = [
      ['analyze_content_security', { content: TEXT, userDefinedPatterns: [pattern] }],
      ['generate_content_masking', { content: TEXT, userDefinedPatterns: [pattern] }],
      ['apply_basic_content_masking', { content: TEXT, patterns: [pattern] }],
      ['validate_content_masking', { originalContent: TEXT, maskedContent: TEXT, expectedPatterns: [pattern], allowedPatterns: [pattern] }],
    ];
    for (const [tool, args] of calls) {
      const result = await answersQuickly(client, () => client.call(tool, args));
      expect(result.isError, `${tool}: ${result.text}`).toBe(false);
    }
    // The text ends with "!": none of these patterns matches it.
    expect((await client.call('apply_basic_content_masking', { content: TEXT, patterns: [pattern] })).data.patternsMatched).toBe(0);
    const saved = await client.call('configure_custom_patterns', { projectPath: '.', existingPatterns: [pattern] });
    expect(saved.isError, saved.text).toBe(false);
    const afterSave = await answersQuickly(client, () => client.call('analyze_content_security', { content: TEXT }));
    expect(afterSave.isError, afterSave.text).toBe(false);
  });

  it('still finds what such a pattern matches', async () => {
    const client = await inProcessClient(createWorkspace().dir);
    // Longer than RE2's 32 KiB search window: the match runs across windows to the end of the text.
    const result = await client.call('apply_basic_content_masking', { content: `x ${'ab'.repeat(20_000)}`, patterns: ['((a|b)+)+$'], maskingChar: '#', preserveFormat: true });
    // 40 KB of masked text is over the 25 KB answer budget: the whole result is the stored one.
    expect(await fullResult(client.kernel!, result.data)).toMatchObject({ maskedContent: `x ${'#'.repeat(40_000)}`, patternsMatched: 1, maskingApplied: true });
  });
});

describe('patterns RE2 cannot run', () => {
  const refused: Array<[string, string]> = [
    ['(a)\\1', 'backreference'],
    ['(?<x>a)\\k<x>', 'backreference'],
    ['a(?=b)', 'lookahead'],
    ['a(?!b)', 'lookahead'],
    ['(?<=a)b', 'lookbehind'],
  ];

  it.each(refused)('%s is refused with a ValidationError naming the parameter and the pattern', async (pattern, why) => {
    const client = await inProcessClient(createWorkspace().dir);
    const calls: Array<[string, Record<string, unknown>, string]> = [
      ['analyze_content_security', { content: 'ab', userDefinedPatterns: ['ok', pattern] }, 'userDefinedPatterns[1]'],
      ['generate_content_masking', { content: 'ab', userDefinedPatterns: [pattern] }, 'userDefinedPatterns[0]'],
      ['apply_basic_content_masking', { content: 'ab', patterns: [pattern] }, 'patterns[0]'],
      ['validate_content_masking', { originalContent: 'ab', maskedContent: 'ab', expectedPatterns: [pattern] }, 'expectedPatterns[0]'],
      ['validate_content_masking', { originalContent: 'ab', maskedContent: 'ab', allowedPatterns: [pattern] }, 'allowedPatterns[0]'],
      ['configure_custom_patterns', { projectPath: '.', existingPatterns: [pattern] }, 'existingPatterns[0]'],
      ['configure_output_masking', { enabled: true, customPatterns: [pattern] }, 'customPatterns[0]'],
    ];
    for (const [tool, args, parameter] of calls) {
      const result = await client.call(tool, args);
      expect(result.isError, tool).toBe(true);
      expect(result.data.error.type, tool).toBe('ValidationError');
      expect(result.text, tool).toContain(`"${parameter}"`);
      expect(result.text, tool).toContain(pattern);
      expect(result.text, tool).toContain(why);
    }
    // Nothing was saved by the refused calls.
    expect((await client.call('configure_output_masking', {})).data).toMatchObject({ enabled: false, customPatterns: [] });
  });

  it('refuses a pattern whose compiled program is too large, and too many patterns', async () => {
    const client = await inProcessClient(createWorkspace().dir);
    const huge = await client.call('analyze_content_security', { content: 'x', userDefinedPatterns: ['(?:.{1,100}){1,10}x'] });
    expect(huge.data.error.type).toBe('ValidationError');
    expect(huge.text).toContain('"userDefinedPatterns[0]"');
    expect(huge.text).toContain('too complex');
    const many = await client.call('apply_basic_content_masking', { content: 'x', patterns: Array.from({ length: 51 }, (_, i) => `x${i}`) });
    expect(many.data.error.type).toBe('ValidationError');
    expect(many.text).toContain('"patterns" has 51 patterns; the limit is 50');
  });
});

describe('a saved custom rule and the store', () => {
  it('does not slow the masking of what is written to the store', async () => {
    const client = await inProcessClient(createWorkspace().dir);
    expect((await client.call('configure_custom_patterns', { projectPath: '.', existingPatterns: ['(a|a)+$'] })).isError).toBe(false);
    // Every text the store keeps passes the pack's masking, saved custom rules included.
    const confirm = await answersQuickly(client, () => client.call('request_action_confirmation', { action: 'rotate', description: TEXT }));
    expect(confirm.isError, confirm.text.slice(0, 300)).toBe(false);
  });

  it('gives up on a text its patterns cannot check within 2 s, failing the write, not the server', async () => {
    const client = await inProcessClient(createWorkspace().dir);
    // Linear on RE2, but searching 1 MiB of word characters with it takes far longer than 2 s.
    expect((await client.call('configure_custom_patterns', { projectPath: '.', existingPatterns: ['(?:\\w+\\s?){1,50}$'] })).isError).toBe(false);
    const write = await answersQuickly(client, () => client.call('request_action_confirmation', { action: 'rotate', description: 'a'.repeat(1024 * 1024) }));
    expect(write.isError).toBe(true);
    expect(write.text).toContain('time budget of 2000 ms');
    expect((await client.call('request_action_confirmation', { action: 'rotate', description: 'short' })).isError).toBe(false);
  });
});

describe('a pattern saved for output masking', () => {
  it('does not slow later results, in this server and after a restart', async () => {
    const ws = createWorkspace({ 'big.txt': TEXT });
    const first = await inProcessClient(ws.dir);
    const on = await first.call('configure_output_masking', { enabled: true, customPatterns: ['(a|a)+$', 'a*a*a*a*a*a*a*a*a*a*a*a*$'] });
    expect(on.isError, on.text).toBe(false);
    const read = await answersQuickly(first, () => first.call('read_file', { path: 'big.txt' }));
    expect(read.isError, read.text).toBe(false);
    expect((await fullResult(first.kernel!, read.data)).content).toBe(TEXT);
    await first.kernel!.stop();

    // A second server on the same store loads the saved patterns and stays quick.
    const second = await inProcessClient(ws.dir);
    expect((await second.call('configure_output_masking', {})).data).toMatchObject({ enabled: true, customPatterns: ['(a|a)+$', 'a*a*a*a*a*a*a*a*a*a*a*a*$'] });
    const again = await answersQuickly(second, () => second.call('read_file', { path: 'big.txt' }));
    expect(again.isError, again.text).toBe(false);
    // It still masks what the saved patterns match.
    ws.write('match.txt', 'order id aaaa');
    expect((await second.call('read_file', { path: 'match.txt' })).data.content).toBe('order id [MASKED_OUTPUT_PATTERN_1]');
  });

  it('is skipped with a warning when an older version saved one RE2 refuses', async () => {
    const ws = createWorkspace({ 'big.txt': TEXT, 'pairs.txt': 'key: abab\n' });
    const setup = await inProcessClient(ws.dir);
    await setup.call('configure_output_masking', { enabled: true, customPatterns: ['abab'] });
    await setup.call('configure_custom_patterns', { projectPath: '.', existingPatterns: ['zz'] });
    await setup.kernel!.stop();
    // What an older version could save: V8 accepted backreferences and lookarounds.
    const db = new Database(storeFile(ws.dir));
    const settings = JSON.parse(db.prepare("SELECT value FROM security_settings WHERE key = 'output-masking'").pluck().get() as string);
    settings.customPatterns = ['(a)\\1+$', 'abab'];
    db.prepare("UPDATE security_settings SET value = ? WHERE key = 'output-masking'").run(JSON.stringify(settings));
    db.prepare("UPDATE security_custom_rules SET pattern = ? WHERE id = 'custom-existing-1'").run('(a|b)\\1(?=x)');
    db.close();

    const client = await inProcessClient(ws.dir);
    const view = await client.call('configure_output_masking', {});
    expect(view.data.message).toContain('1 saved pattern(s) are skipped');
    expect(view.data.message).toContain('backreference');
    const read = await answersQuickly(client, () => client.call('read_file', { path: 'big.txt' }));
    expect((await fullResult(client.kernel!, read.data)).content).toBe(TEXT);
    // The patterns that still compile keep working.
    expect((await client.call('read_file', { path: 'pairs.txt' })).data.content).toBe('key: [MASKED_OUTPUT_PATTERN_1]\n');
    const analysis = await client.call('analyze_content_security', { content: `${'aab'.repeat(20_000)}x` });
    expect(analysis.isError, analysis.text).toBe(false);
  });
});
