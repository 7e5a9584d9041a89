/**
 * A client's name and version from its HTTP User-Agent header, for stateless HTTP where no
 * session kept the clientInfo of its initialize request. The header is the client's own
 * claim (untrusted, free text): only its first product token is used, cut short and limited
 * to printable characters, so it cannot inject lines or bulk into a tool's output.
 */
const MAX_PART = 64;
const UNKNOWN = { name: 'unnamed HTTP client', version: 'unknown' };

const clean = (text: string) => text.replace(/[^\x21-\x7e]/g, '').slice(0, MAX_PART);

export function clientOfUserAgent(header: string | undefined): { name: string; version: string } {
  // "claude-code/1.2.3 (linux)" -> claude-code 1.2.3; "node" -> node, version unknown.
  const token = (header ?? '').trim().split(/\s+/)[0] ?? '';
  const slash = token.indexOf('/');
  const name = clean(slash < 0 ? token : token.slice(0, slash));
  const version = slash < 0 ? '' : clean(token.slice(slash + 1));
  return name ? { name, version: version || UNKNOWN.version } : UNKNOWN;
}
