// Shared Markdown table printer so every benchmark reports in the same shape.
// A table is { title, columns: string[], rows: unknown[][], notes?: string[] }.
export function printTable({ title, columns, rows, notes = [] }) {
  const cells = [columns, ...rows].map((r) => r.map((c) => String(c ?? '')));
  // Pad columns to equal width so the table is readable in a terminal too.
  const widths = columns.map((_, i) => Math.max(3, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (r) => `| ${widths.map((w, i) => (r[i] ?? '').padEnd(w)).join(' | ')} |`;
  const out = [`### ${title}`, '', line(cells[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`];
  for (const r of cells.slice(1)) out.push(line(r));
  if (notes.length) out.push('', ...notes);
  console.log(out.join('\n') + '\n');
}
