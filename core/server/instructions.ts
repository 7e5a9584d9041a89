/**
 * The server's `instructions` (sent once, in the initialize answer): where paths are relative
 * to, and a map of the toolsets, one line per pack (its id and what it is for, from the pack's
 * manifest description), with how to enable one. Kept under INSTRUCTIONS_MAX_BYTES: clients put
 * it into the model's context beside the tool list.
 */
import type { SessionToolsets } from './toolset-tools.js';

export const INSTRUCTIONS_MAX_BYTES = 1536;
const WORKSPACE = 'Toolpack tools work on the files of the workspace the server was started in; paths are relative to it.';
/** A toolset's line carries this much of its pack's description, cut at a clause. */
const PURPOSE_MAX = 72;

/** The start of a description: its first sentence, cut at the last comma or semicolon that fits. */
export function purposeOf(description: string, max = PURPOSE_MAX): string {
  const sentence = description.replace(/\s+/g, ' ').trim().replace(/\.(\s.*)?$/, '');
  if (sentence.length <= max) return sentence;
  const head = sentence.slice(0, max);
  // Not inside parentheses: "scores (tasks, readiness" would read as broken.
  const open = head.lastIndexOf('(') > head.lastIndexOf(')') ? head.lastIndexOf('(') : max;
  const cut = Math.max(head.lastIndexOf(', ', open), head.lastIndexOf('; ', open));
  if (cut > max * 0.6) return head.slice(0, cut);
  // Before an open parenthesis the words are whole; else drop the last, maybe cut, word.
  const words = open < max - 3 ? head.slice(0, open).trimEnd() : head.slice(0, head.lastIndexOf(' ', max - 3));
  return `${words.replace(/(?:[,;:]| (?:and|or|the|of|for|to|with|a|an))$/, '')}...`;
}

export function serverInstructions(session: SessionToolsets): string {
  const sets = session.toolsets.list();
  if (sets.length === 0) return WORKSPACE;
  const on = (tools: readonly string[]) => tools.every((t) => session.served.has(t));
  const lines = sets.map((set) => `- ${set.name}${on(set.tools) ? ' (on)' : ''}: ${purposeOf(set.description)}`);
  const how = session.offersToolsetTools
    ? 'Toolsets (on: all served; the default serves a few tools of each). enable_toolset adds one; list_available_toolsets and get_toolset_tools show tools. Config `toolsets` or --preset set the start.'
    : 'Toolsets (all served):';
  let text = [WORKSPACE, how, ...lines].join('\n');
  // Never past the bound, whatever the packs' descriptions: the last lines give way first.
  while (Buffer.byteLength(text) > INSTRUCTIONS_MAX_BYTES && lines.length > 1) {
    lines.pop();
    text = [WORKSPACE, how, ...lines, '- ... (list_available_toolsets has them all)'].join('\n');
  }
  return text;
}
