/**
 * Y-statements (Zdun et al.): "In the context of <use case>, facing <concern>, we decided for
 * <option> (and neglected <other options>), to achieve <quality>, accepting <downside>".
 */
import type { YStatement } from './types.js';

const Y_STATEMENT =
  /in the context of\s+(.+?),\s*facing\s+(.+?),\s*we\s+decided\s+(?:for|on|upon|to\s+use|to)?\s*(.+?)(?:,?\s+and\s+(?:neglected|against|not)\s+(.+?))?,\s*to\s+achieve\s+(.+?),\s*accepting\s+(?:that\s+)?(.+?)(?:\.(?:\s|$)|$)/is;

/**
 * `text`: the record's words as one line of plain text (MarkdownDoc.plainBody), since
 * Y-statements are often spread over lines, bullets or quotes with each part in bold.
 */
export function findYStatement(text: string): YStatement | null {
  const match = Y_STATEMENT.exec(text);
  if (!match) return null;
  const [, context, facing, decision, neglected, achieve, accepting] = match.map((part) => part?.trim());
  return {
    context: context!,
    facing: facing!,
    decision: decision!,
    neglected: neglected ?? null,
    achieve: achieve!,
    accepting: accepting!,
  };
}
