/** Bearer credentials: JSON Web Tokens, Authorization headers, secrets in URL query strings. */
import { jwtValid } from '../engine/validators.js';
import { base64UserPassword, lettersAndDigits } from './fragments.js';
import type { SecurityRule } from './types.js';

export const tokenRules: SecurityRule[] = [
  {
    id: 'jwt',
    category: 'credential',
    description: 'JSON Web Token (signed; header and payload decode to JSON)',
    pattern:
      /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{10,2000}\.eyJ[A-Za-z0-9_-]{10,8000}\.[A-Za-z0-9_-]{16,2000}(?![A-Za-z0-9_-])/,
    keywords: ['eyj'],
    validate: jwtValid,
    severity: 'high',
    confidence: 0.85,
    recommendation:
      'A JWT is a bearer credential until it expires: invalidate the session or rotate the signing key if it is long-lived, and never log or commit tokens (mask them in logs).',
    compliance: ['SOX'],
    // The example token from jwt.io.
    allowList: [
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
    ],
  },
  {
    id: 'bearer-token',
    category: 'credential',
    description: 'Bearer token in an Authorization header',
    pattern: /\bBearer[ \t]{1,3}(?<secret>[A-Za-z0-9._~+/-]{16,2000}={0,2})(?![A-Za-z0-9._~+/=-])/i,
    keywords: ['bearer'],
    minEntropy: 3,
    validate: lettersAndDigits,
    severity: 'high',
    confidence: 0.75,
    recommendation:
      'Revoke the token with its issuer, keep tokens out of scripts, logs and documentation (use a variable such as $TOKEN), and mask Authorization headers in logging.',
    compliance: ['SOX'],
  },
  {
    id: 'basic-auth-header',
    category: 'credential',
    description: 'HTTP Basic credentials (base64 user:password) in an Authorization header',
    pattern: /\bBasic[ \t]{1,3}(?<secret>[A-Za-z0-9+/]{8,500}={0,2})(?![A-Za-z0-9+/=])/i,
    keywords: ['basic'],
    validate: base64UserPassword,
    severity: 'high',
    confidence: 0.8,
    recommendation:
      'Base64 is an encoding, not encryption: change the password, and send credentials from a secret store at runtime (or switch to token-based auth).',
    compliance: ['SOX'],
  },
  {
    id: 'session-cookie',
    category: 'credential',
    description: 'Session identifier in a cookie, log line or URL (sid=, JSESSIONID=, PHPSESSID=, connect.sid=, _app_session=)',
    pattern:
      /(?:sid|session(?:[_-]?id)?)=(?<=(?<![\w.-])(?:connect\.|J|PHPSES|ASP\.NET_|laravel_|_[a-z0-9]{1,20}_)?(?:sid|session(?:[_-]?id)?)=)(?<secret>[A-Za-z0-9%._~+/=-]{16,400})/i,
    keywords: ['sid=', 'session=', 'sessionid=', 'session_id=', 'session-id='],
    minEntropy: 3.5,
    validate: lettersAndDigits,
    severity: 'medium',
    confidence: 0.6,
    recommendation:
      'A live session id lets anyone take over the session: invalidate it server-side, and keep cookies and session ids out of logs (log a hash or the user id instead).',
    compliance: ['SOX'],
    allowList: [/^S-1-\d/], // Windows security identifiers
  },
  {
    id: 'url-query-secret',
    category: 'credential',
    description: 'Secret passed in a URL query string (access_token=, api_key=, private_token=, client_secret=, password=)',
    pattern:
      /[?&](?:access_token|api_key|apikey|api-key|auth_token|private_token|token|client_secret|password)=(?<secret>[A-Za-z0-9._~%+/-]{16,500})/i,
    keywords: ['token=', 'key=', 'secret=', 'password='],
    minEntropy: 3,
    validate: lettersAndDigits,
    severity: 'medium',
    confidence: 0.6,
    recommendation:
      'URLs end up in server logs, proxies and browser history: rotate the credential and send it in a header (Authorization) or request body instead.',
    compliance: ['SOX'],
  },
];
