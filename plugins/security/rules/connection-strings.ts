/**
 * Credentials in connection strings and URLs. Only the password is the secret
 * (`postgres://app:<secret>@db:5432/x`), so masking keeps the user and host
 * readable. `user:@host`, `:${PASSWORD}@` and `:password@` are not findings.
 */
import { plausibleValue, URL_PASSWORD_PLACEHOLDERS } from './fragments.js';
import type { SecurityRule } from './types.js';

/**
 * `user:password@host` after the scheme; the user may be empty (`redis://:pw@host`).
 * `postgres:postgres@`-style defaults (password = user) are left to the default-credential rules, and
 * RFC 2606 documentation hosts (example.com/.org/.net) are not reported.
 */
const USERINFO = String.raw`(?<user>[^\s:@/'"\x60<>]{0,100}):(?!\k<user>@)(?<secret>[^\s:@/'"\x60<>]{3,200})@(?=[A-Za-z0-9\[_-])(?!(?:[\w-]{1,63}\.){0,5}example\.(?:com|org|net)(?![\w.-]))`;

function url(scheme: string): RegExp {
  return new RegExp(String.raw`\b${scheme}:\/\/${USERINFO}`, 'i');
}

const ROTATE_DB =
  'Change the password of this database user, restrict where it can connect from, and build the connection string at runtime from an environment variable or secret manager (or use IAM / managed-identity authentication).';

export const connectionStringRules: SecurityRule[] = [
  {
    id: 'postgres-connection-string',
    category: 'credential',
    description: 'PostgreSQL connection string with a password',
    pattern: url(String.raw`postgres(?:ql)?(?:\+[a-z0-9]{1,20})?`),
    keywords: ['postgres'],
    severity: 'high',
    confidence: 0.85,
    recommendation: ROTATE_DB,
    compliance: ['SOX'],
    allowList: URL_PASSWORD_PLACEHOLDERS,
  },
  {
    id: 'mysql-connection-string',
    category: 'credential',
    description: 'MySQL / MariaDB connection string with a password',
    pattern: url(String.raw`(?:mysql|mariadb)(?:x|\+[a-z0-9]{1,20})?`),
    keywords: ['mysql', 'mariadb'],
    severity: 'high',
    confidence: 0.85,
    recommendation: ROTATE_DB,
    compliance: ['SOX'],
    allowList: URL_PASSWORD_PLACEHOLDERS,
  },
  {
    id: 'mongodb-connection-string',
    category: 'credential',
    description: 'MongoDB connection string (mongodb:// or mongodb+srv://) with a password',
    pattern: url(String.raw`mongodb(?:\+srv)?`),
    keywords: ['mongodb'],
    severity: 'high',
    confidence: 0.85,
    recommendation: `${ROTATE_DB} In Atlas, rotate the database user password under Database Access.`,
    compliance: ['SOX'],
    allowList: URL_PASSWORD_PLACEHOLDERS,
  },
  {
    id: 'redis-connection-string',
    category: 'credential',
    description: 'Redis connection string (redis:// or rediss://) with a password',
    pattern: url('rediss?'),
    keywords: ['redis'],
    severity: 'high',
    confidence: 0.85,
    recommendation: 'Change the Redis password / ACL user password (ACL SETUSER), and read the URL from an environment variable or secret manager.',
    compliance: ['SOX'],
    allowList: URL_PASSWORD_PLACEHOLDERS,
  },
  {
    id: 'amqp-connection-string',
    category: 'credential',
    description: 'AMQP / RabbitMQ connection string (amqp:// or amqps://) with a password',
    pattern: url('amqps?'),
    keywords: ['amqp'],
    severity: 'high',
    confidence: 0.85,
    recommendation: 'Change the broker user\'s password (rabbitmqctl change_password), and read the URL from an environment variable or secret manager.',
    compliance: ['SOX'],
    allowList: URL_PASSWORD_PLACEHOLDERS,
  },
  {
    id: 'ado-net-connection-string',
    category: 'credential',
    description: 'Key-value connection string (SQL Server, ADO.NET, ODBC) with Password=',
    pattern:
      /(?:Password|Pwd)=(?<=\b(?:Server|Data Source|Host|Address|Addr|User ID|Uid)\s{0,2}=[^\r\n"']{0,300}?;\s{0,2}(?:Password|Pwd)=)\s{0,2}(?<secret>[^;"'\r\n]{1,200})/i,
    keywords: ['password=', 'pwd='],
    severity: 'high',
    confidence: 0.8,
    recommendation: `${ROTATE_DB} For SQL Server prefer Integrated Security or Microsoft Entra authentication.`,
    compliance: ['SOX'],
    allowList: URL_PASSWORD_PLACEHOLDERS,
  },
  {
    id: 'netrc-credentials',
    category: 'credential',
    description: 'Password in a .netrc entry (machine ... login ... password ...)',
    pattern:
      /\b(?:machine\s{1,20}[^\s]{1,200}\s{1,20}|default\s{1,20}(?=login))(?:login\s{1,20}[^\s]{1,200}\s{1,20})?(?:account\s{1,20}[^\s]{1,200}\s{1,20})?password\s{1,20}(?<secret>[^\s]{1,200})/,
    // The password comes last: the engine's window around a keyword line reaches two lines back, to `machine`.
    keywords: ['password'],
    severity: 'high',
    confidence: 0.85,
    recommendation: 'Change the password (use a scoped token where the service allows), keep ~/.netrc at mode 0600 outside any repository, or use a credential helper.',
    compliance: ['SOX'],
    allowList: URL_PASSWORD_PLACEHOLDERS,
  },
  {
    id: 'pgpass-entry',
    category: 'credential',
    description: 'PostgreSQL password file entry (hostname:port:database:username:password)',
    pattern:
      /:(?:\d{1,5}|\*):(?<=^[ \t]{0,4}(?:[A-Za-z0-9.*_-]{1,253}|\[[0-9a-fA-F:]{2,45}\]):(?:\d{1,5}|\*):)[^\s:]{1,100}:[^\s:]{1,100}:(?<secret>\S{4,200})[ \t]{0,10}$/m,
    // No keyword: the pattern leads with the port field, and a keyword this common would only add windows.
    validate: (value) => plausibleValue(value) && !/^\d+$/.test(value),
    severity: 'high',
    confidence: 0.6,
    recommendation: `${ROTATE_DB} Keep ~/.pgpass at mode 0600 and out of repositories and images.`,
    compliance: ['SOX'],
    allowList: URL_PASSWORD_PLACEHOLDERS,
  },
  {
    id: 'url-embedded-credentials',
    category: 'credential',
    description: 'Password embedded in a URL (scheme://user:password@host)',
    // Led by :// (the scheme is checked by a lookbehind), so the pattern does not start at every letter.
    pattern: new RegExp(String.raw`:\/\/(?<=\b[a-z][a-z0-9+.-]{1,30}:\/\/)${USERINFO}`, 'i'),
    keywords: ['://'],
    severity: 'high',
    confidence: 0.7,
    recommendation:
      'Change the password or token embedded in the URL, and pass credentials separately (a credential helper, an Authorization header, or an environment variable) rather than inside URLs.',
    compliance: ['SOX'],
    allowList: URL_PASSWORD_PLACEHOLDERS,
  },
];
