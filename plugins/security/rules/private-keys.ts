/**
 * Private keys: every PEM form (RSA, EC, DSA, OpenSSH, encrypted and plain
 * PKCS#8), PGP private key blocks and PuTTY key files, also inside JSON or
 * environment values where newlines are escaped as \n. Public keys and
 * certificates are not secrets; a certificate is reported as information only.
 */
import type { SecurityRule } from './types.js';

/** A newline: real, or escaped inside a JSON/YAML string. */
const NL = String.raw`(?:\r?\n|\\r\\n|\\n)`;
/** Optional RFC 1421 / armor headers (Proc-Type, DEK-Info, Version, Comment). */
const HEADERS = String.raw`(?:[A-Za-z][A-Za-z-]{1,30}: [^\r\n\\]{0,200}${NL}){0,6}`;
/** The base64 body; it stops at the dashes of the END line. */
const BODY_TEXT = String.raw`[A-Za-z0-9+/=][A-Za-z0-9+/=\s\\]{63,20000}`;
/** The body alone, captured (certificates: reported, never masked). */
const BODY = String.raw`(?:\s|\\[rn]){0,4}(?<secret>${BODY_TEXT})`;

/**
 * A whole armoured block, captured: BEGIN line, headers (Version:, Comment:, Proc-Type:, DEK-Info:),
 * blank line, body, checksum (=abcd) and END line, so masking leaves nothing of it readable (a
 * Comment: header names the key's owner). The END line is optional: a truncated key is still masked.
 */
function armoured(begin: string, end: string): string {
  return String.raw`(?<secret>${begin}[ \t]{0,4}(?:${NL}|[ \t])${HEADERS}(?:\s|\\[rn]){0,4}${BODY_TEXT}(?:${end})?)`;
}

function pem(label: string): RegExp {
  return new RegExp(armoured(`-----BEGIN ${label}-----`, `-----END ${label}-----`));
}

const ROTATE_KEY =
  'Treat the key as compromised: generate a new key pair, replace it wherever the public key or certificate is trusted (servers, authorized_keys, CAs), revoke the old certificate, and store private keys in a secret manager or HSM, never in the repository.';

export const privateKeyRules: SecurityRule[] = [
  {
    id: 'private-key-rsa',
    category: 'secret',
    description: 'RSA private key (PEM, PKCS#1)',
    pattern: pem('RSA PRIVATE KEY'),
    keywords: ['begin rsa private key'],
    severity: 'critical',
    confidence: 0.98,
    recommendation: ROTATE_KEY,
    compliance: ['SOX'],
  },
  {
    id: 'private-key-ec',
    category: 'secret',
    description: 'EC private key (PEM, SEC 1)',
    pattern: pem('EC PRIVATE KEY'),
    keywords: ['begin ec private key'],
    severity: 'critical',
    confidence: 0.98,
    recommendation: ROTATE_KEY,
    compliance: ['SOX'],
  },
  {
    id: 'private-key-dsa',
    category: 'secret',
    description: 'DSA private key (PEM)',
    pattern: pem('DSA PRIVATE KEY'),
    keywords: ['begin dsa private key'],
    severity: 'critical',
    confidence: 0.98,
    recommendation: ROTATE_KEY,
    compliance: ['SOX'],
  },
  {
    id: 'private-key-openssh',
    category: 'secret',
    description: 'OpenSSH private key',
    pattern: pem('OPENSSH PRIVATE KEY'),
    keywords: ['begin openssh private key'],
    severity: 'critical',
    confidence: 0.98,
    recommendation: `${ROTATE_KEY} Remove the old public key from every authorized_keys file and Git host.`,
    compliance: ['SOX'],
  },
  {
    id: 'private-key-pkcs8',
    category: 'secret',
    description: 'Private key (PEM, unencrypted PKCS#8 "PRIVATE KEY")',
    pattern: pem('PRIVATE KEY'),
    keywords: ['begin private key'],
    severity: 'critical',
    confidence: 0.97,
    recommendation: ROTATE_KEY,
    compliance: ['SOX'],
  },
  {
    id: 'private-key-encrypted',
    category: 'secret',
    description: 'Encrypted private key (PEM, PKCS#8 "ENCRYPTED PRIVATE KEY")',
    pattern: pem('ENCRYPTED PRIVATE KEY'),
    keywords: ['begin encrypted private key'],
    severity: 'high',
    confidence: 0.95,
    recommendation: `The key is passphrase-protected but can be brute-forced offline. ${ROTATE_KEY}`,
    compliance: ['SOX'],
  },
  {
    id: 'private-key-other',
    category: 'secret',
    description: 'Other PEM or SSH2 private key (e.g. ED25519, X448, SSH2 ENCRYPTED)',
    pattern: new RegExp(
      armoured(
        String.raw`-{4,5} ?BEGIN (?!(?:RSA|EC|DSA|OPENSSH|ENCRYPTED|PGP) PRIVATE)(?:[A-Z0-9]{1,20} ){1,3}PRIVATE KEY ?-{4,5}`,
        String.raw`-{4,5} ?END (?:[A-Z0-9]{1,20} ){1,3}PRIVATE KEY ?-{4,5}`,
      ),
    ),
    keywords: ['private key'],
    severity: 'critical',
    confidence: 0.95,
    recommendation: ROTATE_KEY,
    compliance: ['SOX'],
  },
  {
    id: 'pgp-private-key-block',
    category: 'secret',
    description: 'PGP/GPG private key block (-----BEGIN PGP PRIVATE KEY BLOCK-----)',
    pattern: pem('PGP PRIVATE KEY BLOCK'),
    keywords: ['begin pgp private key block'],
    severity: 'critical',
    confidence: 0.98,
    recommendation:
      'Revoke the key with its revocation certificate and publish the revocation to keyservers, create a new key, and keep secret keys in a smartcard or gpg-agent rather than exported files.',
    compliance: ['SOX'],
  },
  {
    id: 'putty-private-key',
    category: 'secret',
    description: 'PuTTY private key file (PuTTY-User-Key-File)',
    pattern: new RegExp(
      String.raw`PuTTY-User-Key-File-[23]: [\w.@-]{3,60}${NL}[\s\S]{0,3000}?Private-Lines: \d{1,3}${NL}(?<secret>(?:[A-Za-z0-9+/=]{1,128}${NL}){1,200})`,
    ),
    keywords: ['putty-user-key-file'],
    severity: 'critical',
    confidence: 0.98,
    recommendation: `${ROTATE_KEY} Remove the old public key from every authorized_keys file.`,
    compliance: ['SOX'],
  },
  {
    id: 'private-key-base64',
    category: 'secret',
    description: 'Base64-encoded PEM private key (kubeconfig client-key-data, Kubernetes TLS secret tls.key, CI variables)',
    // base64("-----BEGIN ") always starts with LS0tLS1CRUdJTi; the decoded header must name a private key.
    pattern: /(?<![A-Za-z0-9+/])LS0tLS1CRUdJTi[A-Za-z0-9+/]{40,40000}={0,2}(?![A-Za-z0-9+/=])/,
    keywords: ['ls0tls1crudjti'],
    validate: (value) => /PRIVATE KEY/.test(Buffer.from(value.slice(0, 80), 'base64').toString('latin1')),
    severity: 'critical',
    confidence: 0.95,
    recommendation: `${ROTATE_KEY} For Kubernetes, rotate the user or workload certificate and prefer short-lived credentials (OIDC, cloud IAM plugins).`,
    compliance: ['SOX'],
  },
  {
    id: 'pem-certificate',
    category: 'configuration',
    description: 'X.509 certificate (PEM): public, informational; check that its private key is not stored next to it',
    pattern: new RegExp(String.raw`-----BEGIN CERTIFICATE-----[ \t]{0,4}(?:${NL}|[ \t])${BODY}`),
    keywords: ['begin certificate-----'],
    severity: 'low',
    confidence: 0.5,
    recommendation:
      'Certificates are public, but bundling them in the repository often means the matching private key is nearby: verify it is not, and prefer loading certificates from a certificate store or secret mount.',
  },
];
