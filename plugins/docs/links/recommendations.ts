/** What to do about a set of link problems, one line per kind present. */
import type { LinkIssue } from './types.js';

export function linkRecommendations(issues: readonly LinkIssue[]): string[] {
  const count = (kind: LinkIssue['kind']) => issues.filter((issue) => issue.kind === kind).length;
  const fixable = issues.filter((issue) => issue.suggestion).length;
  const lines: string[] = [];
  if (fixable) lines.push(`${fixable} link${fixable === 1 ? ' has' : 's have'} an obvious fix (see "suggestion"): apply ${fixable === 1 ? 'it' : 'them'} first.`);
  if (count('broken-link')) lines.push('Point broken links at the page that now holds the content, or remove them; links to pages are relative to the linking page.');
  if (count('broken-anchor')) lines.push("Anchors are the heading's slug (lower-case, punctuation dropped, spaces as -, repeats -1, -2): update links after renaming a heading.");
  if (count('missing-image')) lines.push('Add the missing images or fix their paths (relative to the page, or / for the static folder).');
  if (count('undefined-reference')) lines.push('Add a "[label]: url" definition for each undefined reference-style link.');
  if (count('external-broken')) lines.push('Replace or remove external links that are gone; re-run later for timeouts and 5xx answers, which may be temporary.');
  const internal = issues.filter((issue) => issue.kind === 'external-unverified' && issue.message.includes('private-address:')).length;
  if (count('external-unverified') > internal) lines.push('Open the links a server refused to check (401, 403, 429) in a browser.');
  if (internal) lines.push('Links to internal addresses (loopback, private network, link-local) were not fetched: to check them, set network.allowPrivateAddresses or list the hosts in network.allowedHosts in the configuration.');
  if (count('outside-workspace')) lines.push('Links leaving the workspace are not checked; link to the published URL instead.');
  return lines;
}
