/** Report rows: criteria (and other findings) as pass / warn / fail items with their line, for every output format. */
import type { CriterionScore } from '../scoring/score.js';

export type ItemStatus = 'pass' | 'warn' | 'fail' | 'skip';

export interface ReportItem {
  id: string;
  label: string;
  status: ItemStatus;
  /** Weighted points (null for items that are not scored). */
  points: number | null;
  possible: number | null;
  line: number | null;
  detail: string;
  fix: string | null;
}

export interface ReadmeReport {
  title: string;
  readme: string;
  score: number;
  grade: string;
  /** Null when the report has no pass bar. */
  passed: boolean | null;
  /** One line under the title (the pass rule, the weighting). */
  note: string;
  items: ReportItem[];
}

const STATUS: Record<CriterionScore['status'], ItemStatus> = { met: 'pass', partial: 'warn', missing: 'fail', not_applicable: 'skip' };

export function criterionItem(criterion: CriterionScore): ReportItem {
  return {
    id: criterion.id,
    label: criterion.title,
    status: STATUS[criterion.status],
    points: criterion.points,
    possible: criterion.possible,
    line: criterion.line,
    detail: criterion.evidence,
    fix: criterion.fix,
  };
}
