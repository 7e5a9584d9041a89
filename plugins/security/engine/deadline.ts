/**
 * The time budget of one scan. A deadline is a performance.now() time of the
 * thread that checks it (a worker has its own clock origin), so a budget
 * crosses a thread boundary in milliseconds and becomes a deadline there.
 */
import { ContentError } from '../../../sdk/errors.js';
import type { ScanBudget } from '../rules/types.js';

export class ScanTimeoutError extends ContentError {
  constructor(ms: number) {
    super(
      `the security scan did not finish within its time budget of ${ms} ms and was stopped; pass a smaller text or simpler patterns (a tool call's budget is the security pack option scanTimeoutMs)`,
      { budgetMs: ms },
    );
  }
}

export const budgetOf = (ms: number, userPatternsOnly = false): ScanBudget => ({ deadline: performance.now() + ms, ms, userPatternsOnly });

export function checkBudget(budget: ScanBudget | undefined): void {
  if (budget && performance.now() > budget.deadline) throw new ScanTimeoutError(budget.ms);
}
