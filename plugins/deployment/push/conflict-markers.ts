/** Unresolved merge conflicts left in a staged file. */

/**
 * The 1-based line of the first unresolved merge conflict: a `<<<<<<<` line with a
 * `=======` and a `>>>>>>>` line after it (a lone `=======` is a Markdown or reST heading rule).
 */
export function conflictMarkerLine(text: string): number | null {
  const start = /^<{7}(?: |$)/m.exec(text);
  if (!start) return null;
  const rest = text.slice(start.index);
  const middle = /^={7}$/m.exec(rest);
  if (!middle || !/^>{7}(?: |$)/m.test(rest.slice(middle.index))) return null;
  return text.slice(0, start.index).split('\n').length;
}
