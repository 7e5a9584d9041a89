import { describe, expect, it } from 'vitest';
import { scoredProject } from './smart-score-fixture.js';

const ORDERS_TEST = "import { test } from 'node:test';\nimport { listOrders } from '../src/services/orders.js';\n\ntest('exports listOrders', () => listOrders);\n";

describe('smart_score: history, sync, weights, reset', () => {
  it('keeps a history that makes get_score_trends real, and limits the work to the components asked', async () => {
    const { kernel, call, commit, score } = await scoredProject();
    const first = await call({ operation: 'recalculate_scores', components: ['code_quality'] });
    expect(first.data.scores.map((s: any) => s.component)).toEqual(['code_quality']);
    commit('Test the orders service', { 'test/orders.test.js': ORDERS_TEST });
    const second = await call({ operation: 'recalculate_scores', components: ['code_quality', 'security_posture'] });
    expect(second.data.scores.map((s: any) => s.component)).toEqual(['security_posture', 'code_quality']);

    const { data } = await call({ operation: 'get_score_trends', components: ['code_quality', 'security_posture', 'task_completion'] });
    const cq = data.trends.find((t: any) => t.component === 'code_quality');
    expect(cq.points.map((p: any) => p.score)).toEqual([score(first.data, 'code_quality').score, score(second.data, 'code_quality').score]);
    expect(cq).toMatchObject({ first: 68, last: 80, min: 68, max: 80, change: 12, slope: 12, direction: 'improving' });
    expect(data.trends.find((t: any) => t.component === 'security_posture')).toMatchObject({ direction: null, note: 'One score so far: no direction yet.' });
    expect(data.trends.find((t: any) => t.component === 'task_completion')).toMatchObject({ points: [], direction: null });
    expect(data.summary).toContain('code_quality improving (68 → 80)');
    await kernel.stop();
  });

  it('sync_scores recomputes only the components whose sources changed', async () => {
    const { kernel, call, commit } = await scoredProject();
    const components = ['task_completion', 'security_posture', 'code_quality'];
    await call({ operation: 'recalculate_scores', components });

    const unchanged = await call({ operation: 'sync_scores', components });
    expect(unchanged.data.sync).toEqual({ recomputed: [], kept: components });
    expect(unchanged.data.scores.every((s: any) => s.status === 'kept' && /sources unchanged/.test(s.reason))).toBe(true);

    commit('Test the orders service', { 'test/orders.test.js': ORDERS_TEST });
    const changed = await call({ operation: 'sync_scores', components });
    // A new file changes the code and the tree every file may hide a secret in; the tasks are as they were.
    expect(changed.data.sync).toEqual({ recomputed: ['security_posture', 'code_quality'], kept: ['task_completion'] });
    expect(changed.data.scores.find((s: any) => s.component === 'code_quality')).toMatchObject({ status: 'computed', reason: 'sources changed', score: 80 });

    commit('Format with prettier', { '.prettierrc.json': '{ "singleQuote": true }\n' });
    const notRead = await call({ operation: 'sync_scores', components: ['code_quality'], updateSources: false });
    expect(notRead.data.scores[0]).toMatchObject({ status: 'kept', score: 80 });
    const forced = await call({ operation: 'sync_scores', components: ['task_completion', 'code_quality'], forceUpdate: true });
    expect(forced.data.sync.recomputed).toEqual(['task_completion', 'code_quality']);
    expect(forced.data.scores.find((s: any) => s.component === 'code_quality').score).toBe(85);
    await kernel.stop();
  });

  it('optimize_weights proposes from the history and stores only with forceUpdate', async () => {
    const { kernel, call, commit } = await scoredProject();
    const components = ['security_posture', 'code_quality'];
    await call({ operation: 'recalculate_scores', components });
    const early = await call({ operation: 'optimize_weights' });
    expect(early.data.optimization).toMatchObject({ status: 'not enough history', applied: false });
    expect(early.data.optimization.proposals.every((p: any) => p.proposed === null)).toBe(true);

    commit('Test the orders service', { 'test/orders.test.js': ORDERS_TEST });
    await call({ operation: 'recalculate_scores', components });
    const proposed = await call({ operation: 'optimize_weights' });
    const byComponent = (data: any, c: string) => data.optimization.proposals.find((p: any) => p.component === c);
    expect(proposed.data.optimization).toMatchObject({ status: 'proposed, not applied (set forceUpdate to apply)', applied: false });
    // code_quality moved (68 → 80) and is below 100: it gains what security_posture, steady at 100, gives up.
    expect(byComponent(proposed.data, 'code_quality').proposed).toBeGreaterThan(0.2);
    expect(byComponent(proposed.data, 'security_posture').proposed).toBeLessThan(0.2);
    expect(byComponent(proposed.data, 'security_posture').reasoning).toContain('steady at 100');
    expect(byComponent(proposed.data, 'task_completion')).toMatchObject({ proposed: null, current: 0.2 });
    const stillDefault = await call({ operation: 'recalculate_scores', components: ['code_quality'] });
    expect(stillDefault.data.overall.weightsStored).toBe(false);

    const applied = await call({ operation: 'optimize_weights', forceUpdate: true });
    expect(applied.data.optimization).toMatchObject({ status: 'applied', applied: true });
    const after = await call({ operation: 'recalculate_scores', components: ['code_quality'] });
    expect(after.data.overall.weightsStored).toBe(true);
    expect(after.data.overall.parts.find((p: any) => p.component === 'code_quality').weight).toBe(byComponent(applied.data, 'code_quality').proposed);
    await kernel.stop();
  });

  it('reset_scores asks first, then clears the history (only the components named, when named)', async () => {
    const { kernel, call } = await scoredProject();
    await call({ operation: 'recalculate_scores', components: ['task_completion', 'code_quality'] });
    await call({ operation: 'recalculate_scores', components: ['task_completion', 'code_quality'] });

    const asked = await call({ operation: 'reset_scores', components: ['code_quality'] });
    expect(asked.isError).toBe(true);
    expect(asked.data.error.type).toBe('ConfirmationRequired');
    const untouched = await call({ operation: 'get_score_trends', components: ['code_quality'] });
    expect(untouched.data.trends[0].points).toHaveLength(2);

    const cleared = await call({ operation: 'reset_scores', components: ['code_quality'] });
    expect(cleared.isError, cleared.text).toBe(false);
    expect(cleared.data.reset).toEqual({ historyRowsRemoved: 2, weightsRemoved: false });
    const trends = (await call({ operation: 'get_score_trends', components: ['code_quality', 'task_completion'] })).data.trends;
    // Results follow the components' fixed order, whatever order they were asked in.
    expect(trends.map((t: any) => [t.component, t.points.length])).toEqual([['task_completion', 2], ['code_quality', 0]]);

    expect((await call({ operation: 'reset_scores' })).data.error.type).toBe('ConfirmationRequired');
    const all = await call({ operation: 'reset_scores' });
    expect(all.data.reset.historyRowsRemoved).toBe(2);
    expect(all.data.summary).toContain('Removed 2 stored score(s)');
    await kernel.stop();
  });

  it('diagnose_scores explains the lowest component; get_intent_scores follows the components named', async () => {
    const { kernel, call } = await scoredProject();
    const diagnosis = await call({ operation: 'diagnose_scores', components: ['security_posture', 'code_quality'] });
    expect(diagnosis.data.diagnosis).toMatchObject({ component: 'code_quality', score: 68 });
    expect(diagnosis.data.diagnosis.actions[0]).toEqual({ action: 'Add type checking (tsconfig.json with "strict": true, mypy or pyright)', points: 15 });
    expect(diagnosis.data.diagnosis.evidence).toContain('No type-check configuration (tsconfig with strict, mypy, pyright).');

    const intent = await call({ operation: 'get_intent_scores', components: ['code_quality'] });
    expect(intent.data.intent).toMatchObject({ source: 'components', scores: [{ component: 'code_quality', score: 68, topAction: { points: 15 } }] });
    const everything = await call({ operation: 'get_intent_scores' });
    expect(everything.data.intent.source).toBe('all');
    expect(everything.data.intent.scores).toHaveLength(5);
    await kernel.stop();
  });

  it('names the parameter in its errors', async () => {
    const { kernel, call } = await scoredProject();
    const badComponent = await call({ operation: 'recalculate_scores', components: ['speed'] });
    expect(badComponent.isError).toBe(true);
    expect(badComponent.text).toContain('components');
    const empty = await call({ operation: 'recalculate_scores', components: [] });
    expect(empty.text).toContain('parameter "components"');
    const outside = await call({ operation: 'recalculate_scores', projectPath: '../elsewhere' });
    expect(outside.isError).toBe(true);
    expect(outside.text).toContain('projectPath');
    const noOperation = await call({ operation: 'rescore' });
    expect(noOperation.text).toContain('operation');
    await kernel.stop();
  });
});
