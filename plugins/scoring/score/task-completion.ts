/** task_completion: the project's stored TODO tasks (the adr pack's), completionRate × 100. */
import type { Sources } from './sources.js';
import type { ComponentResult } from './types.js';

export async function taskCompletion(sources: Sources): Promise<ComponentResult> {
  const counts = await sources.tasks();
  const counted = counts.total - counts.cancelled - counts.untouchedGenerated;
  const inputs = { ...counts, counted };
  if (counts.completionRate === null) {
    return {
      component: 'task_completion', score: null, inputs, evidence: [], actions: [],
      formula: counts.total === 0
        ? 'No stored tasks for this project (generate_adr_todo or manage_todo_json make them): nothing to measure.'
        : 'Every stored task is cancelled or an untouched generated one: nothing to measure.',
    };
  }
  const score = Math.round(counts.completionRate * 100);
  const open = counted - counts.completed;
  // Each task completed adds 100 / counted points.
  const perTask = Math.round((100 / counted) * 10) / 10;
  const evidence = [
    ...(counts.blocked ? [`${counts.blocked} blocked task(s)`] : []),
    ...(counts.inProgress ? [`${counts.inProgress} task(s) in progress`] : []),
    ...(counts.pending ? [`${counts.pending} pending task(s)${counts.untouchedGenerated ? `, ${counts.untouchedGenerated} of them untouched generated ones (not counted)` : ''}`] : []),
  ];
  const actions = [
    ...(counts.inProgress ? [{ action: `Finish the ${counts.inProgress} task(s) in progress`, points: Math.round(perTask * counts.inProgress * 10) / 10 }] : []),
    ...(counts.blocked ? [{ action: `Unblock and finish the ${counts.blocked} blocked task(s)`, points: Math.round(perTask * counts.blocked * 10) / 10 }] : []),
    ...(open > 0 ? [{ action: 'Complete one more task', points: perTask }] : []),
  ];
  return {
    component: 'task_completion',
    score,
    formula: `round(100 × ${counts.completed} completed / ${counted} counted (${counts.total} total − ${counts.cancelled} cancelled − ${counts.untouchedGenerated} untouched generated)) = ${score}`,
    inputs,
    evidence,
    actions,
  };
}
