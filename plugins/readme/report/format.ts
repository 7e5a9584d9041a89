/**
 * A report in the three output formats: json (the structure), markdown (a table for a
 * PR comment or a docs page), console (plain aligned text with ✓/✗ marks for a terminal:
 * no Markdown syntax, no colours).
 */
import type { ItemStatus, ReadmeReport, ReportItem } from './items.js';

export type ReportFormat = 'json' | 'markdown' | 'console';

const MARK: Record<ItemStatus, string> = { pass: '✓', warn: '!', fail: '✗', skip: '-' };
const WORD: Record<ItemStatus, string> = { pass: 'pass', warn: 'warn', fail: 'fail', skip: 'n/a' };

const pointsOf = (item: ReportItem) => (item.possible === null || item.possible === 0 ? '' : `${item.points}/${item.possible}`);
const lineOf = (item: ReportItem) => (item.line === null ? '' : `line ${item.line}`);
const verdict = (report: ReadmeReport) => (report.passed === null ? '' : report.passed ? ' - PASSED' : ' - FAILED');

export function formatReport(report: ReadmeReport, format: ReportFormat): string {
  if (format === 'json') return JSON.stringify(report, null, 2);
  if (format === 'markdown') return markdown(report);
  return consoleText(report);
}

function markdown(report: ReadmeReport): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const rows = report.items.map((item) => `| ${MARK[item.status]} ${WORD[item.status]} | ${cell(item.label)} | ${pointsOf(item)} | ${lineOf(item)} | ${cell(item.fix ?? item.detail)} |`);
  return [
    `## ${report.title}: \`${report.readme}\``,
    '',
    `**Score: ${report.score}/100 (${report.grade})**${verdict(report)}. ${report.note}`,
    '',
    '| Status | Check | Points | Where | Detail or fix |',
    '| --- | --- | ---: | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

function consoleText(report: ReadmeReport): string {
  const labelWidth = Math.max(...report.items.map((i) => i.label.length), 5);
  const pointsWidth = Math.max(...report.items.map((i) => pointsOf(i).length), 6);
  const lineWidth = Math.max(...report.items.map((i) => lineOf(i).length), 4);
  const rows = report.items.map((item) => {
    const detail = item.status === 'pass' || item.status === 'skip' ? item.detail : (item.fix ?? item.detail);
    return `  ${MARK[item.status]} ${WORD[item.status].padEnd(4)}  ${item.label.padEnd(labelWidth)}  ${pointsOf(item).padStart(pointsWidth)}  ${lineOf(item).padEnd(lineWidth)}  ${detail}`.trimEnd();
  });
  const counts = (['pass', 'warn', 'fail'] as const).map((s) => `${report.items.filter((i) => i.status === s).length} ${WORD[s]}`).join(', ');
  return [
    `${report.title}: ${report.readme}`,
    `Score ${report.score}/100 (${report.grade})${verdict(report)}  [${counts}]`,
    report.note,
    '',
    `  ${'Status'.padEnd(6)}  ${'Check'.padEnd(labelWidth)}  ${'Points'.padStart(pointsWidth)}  ${'Line'.padEnd(lineWidth)}  Detail or fix`,
    ...rows,
    '',
  ].join('\n');
}
