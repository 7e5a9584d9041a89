/**
 * Applying proposals to a page's text: bottom-up, so earlier lines keep their
 * numbers; each edit only when its oldText is still at its line (a page edited
 * since it was read is left alone, the proposal marked not applied).
 */
import type { Proposal } from './proposals.js';

export function applyProposals(text: string, proposals: Proposal[]): string {
  const lines = text.split('\n');
  // An addition anchored in a block another proposal removes goes after the last line before that block.
  for (const add of proposals.filter((p) => p.oldText === '')) {
    const removed = proposals.find((r) => r.oldText !== '' && r.newText === '' && r.line <= add.line && add.line < r.line + r.oldText.split('\n').length);
    if (!removed) continue;
    let at = removed.line - 1;
    while (at > 1 && (lines[at - 1] ?? '').trim() === '') at--;
    add.line = at;
  }
  // Later lines first; at one line, additions after replacements of that line; the proposal order is kept for equal lines.
  const order = proposals.map((p, i) => ({ p, i })).sort((a, b) => b.p.line - a.p.line || Number(a.p.oldText === '') - Number(b.p.oldText === '') || b.i - a.i);
  for (const { p } of order) {
    if (p.oldText === '') {
      lines.splice(p.line, 0, ...p.newText.split('\n'));
      p.applied = true;
      continue;
    }
    const old = p.oldText.split('\n');
    const current = lines.slice(p.line - 1, p.line - 1 + old.length);
    if (current.join('\n') !== p.oldText) {
      p.notApplied = 'the page changed at this line since it was read';
      continue;
    }
    const replacement = p.newText === '' ? [] : p.newText.split('\n');
    lines.splice(p.line - 1, old.length, ...replacement);
    // A removed section leaves one blank line between its neighbours, not two.
    if (replacement.length === 0 && p.line - 2 >= 0 && lines[p.line - 2]?.trim() === '' && (lines[p.line - 1] ?? '').trim() === '') lines.splice(p.line - 1, 1);
    p.applied = true;
  }
  return lines.join('\n');
}
