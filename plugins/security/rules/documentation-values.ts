/**
 * Addresses reserved or conventionally used for documentation: they name no
 * person or device, so they are not personal data (GDPR) and are not reported.
 * - host names: RFC 2606 / RFC 6761 (example.com/.org/.net, *.example, *.test,
 *   *.invalid, *.localhost), `example.<any TLD>` (example.co.uk, example.dev) and
 *   placeholder domains (yourdomain.com, your-company.org, domain.com);
 * - e-mail local parts that stand for "some person" (firstname.lastname,
 *   your.name, user, someone) on any domain (john.doe@ a real-looking domain
 *   stays reported: it is a common real name too);
 * - IP addresses: RFC 5737 (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24),
 *   RFC 3849 (2001:db8::/32) and RFC 9637 (3fff::/20).
 */

const DOCUMENTATION_HOST =
  /(?:^|\.)(?:example|test|invalid|localhost|local)$|(?:^|\.)example\.(?:[a-z]{2,24}|(?:co|com|org|net|ac|gov|or|ne)\.[a-z]{2})$|(?:^|\.)(?:(?:your|my)[-_]?(?:domain|company|org|organization|site|website|email|mail|host|server)|domain|email-domain|some-?domain)\.[a-z]{2,24}$/i;

const PLACEHOLDER_LOCAL_PART =
  /^(?:(?:first|first[._-]?name)[._-](?:last|last[._-]?name)|your[._-]?(?:name|email|e-mail|user(?:name)?|mail|address)|user(?:name)?|someone|somebody|anybody|name|email)$/i;

/** A host name reserved or commonly used for documentation. */
export function isDocumentationHost(host: string): boolean {
  return DOCUMENTATION_HOST.test(host.replace(/\.$/, ''));
}

/** An e-mail address that names no one: a documentation domain, or a placeholder person (john.doe@, user@). */
export function isDocumentationEmail(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at <= 0) return false;
  return isDocumentationHost(address.slice(at + 1)) || PLACEHOLDER_LOCAL_PART.test(address.slice(0, at).replace(/\+.*$/, ''));
}

/** An IPv4 or IPv6 address of a documentation range (RFC 5737, RFC 3849, RFC 9637), also IPv4-mapped. */
export function isDocumentationIp(address: string): boolean {
  const v = address.replace(/^\[|\](?::\d+)?$/g, '').replace(/^::ffff:/i, '');
  return /^(?:192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}$/.test(v) || /^2001:0{0,2}db8(?::|$)/i.test(v) || /^3fff:(?:[0-9a-f]{0,3}|0[0-9a-f]{3})(?::|$)/i.test(v);
}

/** Any documentation address: e-mail, host name or IP. */
export function isDocumentationValue(value: string): boolean {
  return value.includes('@') ? isDocumentationEmail(value) : isDocumentationIp(value) || isDocumentationHost(value);
}
