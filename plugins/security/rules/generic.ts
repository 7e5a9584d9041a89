/**
 * Generic secrets: a secret-named key assigned a literal value, in code (`=`, `:`),
 * .env files, YAML, JSON, properties/INI, XML and command lines. These run after
 * the specific rules, with lower confidence, and only accept values that look
 * like literals: references (`os.environ[...]`, `process.env.X`, `${TOKEN}`),
 * empty strings, placeholders and plain words do not match.
 */
import { mixedClasses } from '../engine/validators.js';
import { ASSIGN, assignedValue, lettersAndDigits, measurement, plausibleValue } from './fragments.js';
import type { SecurityRule } from './types.js';

const MOVE =
  'Move the value to an environment variable or a secret manager (Vault, AWS Secrets Manager, Azure Key Vault, GCP Secret Manager) and read it at runtime; if it was ever committed or shared, rotate it at its source.';

/**
 * Words after which `pass` is a verb, not a key: a plural subject ("tests pass:", "all checks pass:"),
 * a modal, a pronoun or a conjunction ("should pass", "they pass", "and pass"). Labels stay keys:
 * "wifi pass: ...", "admin pass: ...", `const pass = ...`.
 */
const VERB_CONTEXT = String.raw`(?:[a-z]{0,30}[a-rt-z]s|all|both|each|must|should|shall|will|would|can|could|may|might|to|they|we|you|it|that|which|who|also|now|still|then|and|or|not|never|always|does|do|did)`;

function assignment(key: string, min: number): RegExp {
  // Not inside a URL or an ARN (`...:secret:prod/stripe`).
  return new RegExp(String.raw`(?<![:/])${key}${ASSIGN}${assignedValue(min)}`, 'i');
}

export const genericRules: SecurityRule[] = [
  {
    id: 'generic-password-assignment',
    category: 'credential',
    description: 'Hard-coded password assigned to a password-named key',
    // Bare `pass`/`pwd` is also an English verb ("All tests pass: 91.67% coverage"): not after a subject or a
    // modal (VERB_CONTEXT), and no password is a figure (`91.67%`, `412/412`, `v5.9.3`, `250ms`).
    pattern: assignment(String.raw`(?:passw(?:or)?d|passphrase|(?<![a-z])(?<!\b${VERB_CONTEXT}[ \t]{1,3})(?:pwd|pass))`, 6),
    keywords: ['pass', 'pwd'],
    minEntropy: 2.5,
    validate: (value) => plausibleValue(value) && !measurement(value),
    severity: 'high',
    confidence: 0.6,
    recommendation: `${MOVE} Change the password wherever it is used.`,
    compliance: ['SOX'],
  },
  {
    id: 'generic-secret-assignment',
    category: 'credential',
    description: 'Hard-coded value assigned to a secret-named key (secret, client_secret, secret_key, secret_key_base, secretHmacKey, webhook_secret)',
    // The name may go on after "secret" with an HMAC/signing qualifier before "key" (secretHmacKey, ADYEN_SECRET_HMAC_KEY),
    // or with "base" after it: Rails' and Phoenix's secret_key_base, which signs and encrypts cookies and sessions.
    pattern: assignment(String.raw`secret(?:[_.-]?(?:hmac|signing)?[_.-]?key)?(?:[_.-]?base)?`, 8),
    keywords: ['secret'],
    minEntropy: 3,
    validate: (value) => plausibleValue(value) && mixedClasses(value, 2),
    severity: 'high',
    confidence: 0.6,
    recommendation: MOVE,
    compliance: ['SOX'],
  },
  {
    id: 'generic-token-assignment',
    category: 'credential',
    description: 'Hard-coded token assigned to a token-named key (token, access_token, auth_token, auth)',
    pattern: assignment(String.raw`(?:(?<!(?:page|next|continuation|csrf|sync|cursor)[_.-]?)token|(?<![a-z])auth)`, 16),
    keywords: ['token', 'auth'],
    minEntropy: 3,
    validate: (value) => plausibleValue(value) && lettersAndDigits(value),
    severity: 'medium',
    confidence: 0.55,
    recommendation: MOVE,
    compliance: ['SOX'],
  },
  {
    id: 'generic-api-key-assignment',
    category: 'credential',
    description: 'Hard-coded API, access or signing key assigned to a key-named field (api_key, apikey, access_key, encryption_key, hmacKey, signing_key)',
    // Led by "key"; the lookbehind checks the rest of the name.
    pattern: assignment(String.raw`key(?<=(?<![:/])(?:api|access|auth|master|encryption|signing|hmac)[_.-]?key)`, 16),
    keywords: ['key'],
    minEntropy: 3,
    validate: (value) => plausibleValue(value) && lettersAndDigits(value),
    severity: 'high',
    confidence: 0.6,
    recommendation: MOVE,
    compliance: ['SOX'],
    allowList: [/^pk_(?:live|test)_/], // Stripe publishable keys are public
  },
  {
    id: 'generic-key-assignment',
    category: 'credential',
    description: 'High-entropy base64 key material assigned to a key-named field ("Key", ssh_key, ROUTING_KEY; not site/public keys)',
    // Public keys by name (reCAPTCHA site keys, publishable keys) are not secrets.
    pattern: assignment(String.raw`(?<![a-z])(?<!(?:site|public|publishable|pub)[_.-]?)key`, 32),
    keywords: ['key'],
    minEntropy: 4,
    validate: (value) => /^[A-Za-z0-9+/_-]{32,}={0,2}$/.test(value) && mixedClasses(value, 3),
    severity: 'high',
    confidence: 0.55,
    recommendation: `${MOVE} Regenerate the key at the service that issued it.`,
    compliance: ['SOX'],
  },
  {
    id: 'generic-private-key-assignment',
    category: 'credential',
    description: 'Raw private key material (hex or base64) assigned to a private_key field',
    pattern: assignment(String.raw`private[_.-]?key`, 32),
    keywords: ['private'],
    minEntropy: 3,
    validate: (value) => /^(?:0x)?[0-9a-fA-F]{32,}$|^[A-Za-z0-9+/_-]{32,}={0,2}$/.test(value) && /\d/.test(value),
    severity: 'high',
    confidence: 0.65,
    recommendation: `${MOVE} Generate a new key pair (and move any funds or trust bound to the old key).`,
    compliance: ['SOX'],
  },
  {
    id: 'generic-cli-secret-flag',
    category: 'credential',
    description: 'Secret passed as a command-line flag (--password, --token, --api-key, --secret)',
    pattern:
      /(?<![\w-])--(?:password|passwd|pass|pwd|token|auth-token|access-token|api-key|apikey|secret|client-secret)(?:=|[ \t]{1,3})["']?(?<secret>[^\s"'`]{6,200})/i,
    keywords: ['--pass', '--pwd', '--token', '--auth-token', '--access-token', '--api-key', '--apikey', '--secret', '--client-secret'],
    minEntropy: 2.5,
    // A lower-case word ("--token given, in order" in a comment) is prose, not a value.
    validate: (value) => plausibleValue(value) && !/^\d+$/.test(value) && !/^[a-z]+[,.;:!?)]*$/.test(value),
    severity: 'high',
    confidence: 0.65,
    recommendation:
      'Command lines are visible to other users (ps) and kept in shell history and CI logs: rotate the value and pass it through an environment variable, a file with restricted permissions, or stdin (e.g. --password-stdin).',
    compliance: ['SOX'],
  },
  {
    id: 'cli-login-password',
    category: 'credential',
    description: 'Password given on the command line to a registry login or sshpass (docker login -p, sshpass -p)',
    pattern:
      /(?:login\b(?<=\b(?:docker|podman|nerdctl|buildah|skopeo|oras|helm[ \t]{1,3}registry)[ \t]{1,3}login)[^\r\n|;&]{0,200}?[ \t](?:-p|--password)|\bsshpass[ \t]{1,3}-p)(?:=|[ \t]{0,3})["']?(?<secret>[^\s"'`]{4,200})/,
    keywords: ['login', 'sshpass'],
    validate: plausibleValue,
    severity: 'high',
    confidence: 0.75,
    recommendation:
      'Rotate the password and pipe it instead (echo "$REGISTRY_PASSWORD" | docker login --password-stdin; sshpass -e with SSHPASS), or use a credential helper or SSH keys.',
    compliance: ['SOX'],
  },
  {
    id: 'curl-user-password',
    category: 'credential',
    description: 'Password passed to curl with -u/--user user:password',
    pattern: /\bcurl\b[^\r\n|;&]{0,300}?[ \t](?:-u|--user)(?:=|[ \t]{1,3})["']?[^\s:"'`]{0,100}:(?<secret>[^\s"'`]{1,200})/,
    keywords: ['curl'],
    validate: plausibleValue,
    severity: 'high',
    confidence: 0.7,
    recommendation: 'Rotate the password and read credentials from a .netrc with mode 0600 (curl --netrc) or an environment variable, not the command line.',
    compliance: ['SOX'],
  },
  {
    id: 'mysql-cli-password',
    category: 'credential',
    description: 'Password given inline to a MySQL client (-pPASSWORD)',
    pattern: /\bmysql(?:dump|admin|import|sh)?\b[^\n|;&]{0,200}?[ \t]-p(?<secret>[^\s"'`-][^\s"'`]{3,100})/,
    keywords: ['mysql'],
    validate: plausibleValue,
    severity: 'high',
    confidence: 0.7,
    recommendation: 'Rotate the password and use an option file with restricted permissions (~/.my.cnf, mysql_config_editor) or the MYSQL_PWD-free prompt instead.',
    compliance: ['SOX'],
  },
  {
    id: 'generic-password-prose',
    category: 'credential',
    description: 'Password written out in prose or a note ("the password is ...", "password `...`")',
    pattern:
      /(?<![a-z])pass(?:word|phrase)s?(?:[ \t]{1,3}(?:is|was|are)[ \t]{1,3}|[ \t]{1,3}(?=[`'"]))[`'"]?(?<secret>[^\s`'"]{5,99}[^\s`'".,;:)])/i,
    keywords: ['pass'],
    minEntropy: 2.5,
    validate: (value) => plausibleValue(value) && !measurement(value) && /[A-Za-z]/.test(value),
    severity: 'high',
    confidence: 0.5,
    recommendation: 'Remove the password from the document (and its history), change it, and share credentials through a password manager or secret store instead of notes and runbooks.',
    compliance: ['SOX'],
  },
  {
    id: 'generic-password-after-keyword',
    category: 'credential',
    description: 'Password given in a sentence right after the word password, passwd, pwd or passphrase ("rotate the password hunter2-Staging!9", "pwd: ...", "set the password to ...")',
    // The word alone (not `bad_password`, an identifier); the value must end a run of text (not a call like
    // `password = getPassword()`) and look like a secret: plausibleValue wants a digit or symbol, which
    // ordinary words ("the password field") lack; `attempts=3` is the next key of a log line, not a value.
    pattern:
      /(?<![\w-])(?:pass(?:word|wd|phrase)|pwd)(?:[ \t]{1,3}(?:is|was|to)(?:[ \t]{0,3}[:=])?|[ \t]{0,3}[:=])?[ \t]{0,3}(?<=[\s:=])[`'"]?(?<secret>[^\s`'"()[\]{}<>,;]{5,99}[^\s`'"()[\]{}<>,;.:?])(?=[\s.,;:!?)\]`'"]|$)/i,
    keywords: ['pass', 'pwd'],
    minEntropy: 2.5,
    validate: (value) => plausibleValue(value) && !measurement(value) && (/\d/.test(value) || mixedClasses(value, 3)) && !/^[A-Za-z_][\w.]*=(?!=*$)/.test(value),
    severity: 'high',
    confidence: 0.5,
    recommendation: 'Change the password, remove it from the text (and any copy of it), and share credentials through a password manager or secret store instead.',
    compliance: ['SOX'],
    allowList: [/^1Password$/i], // "move the password to 1Password": the password manager
  },
  {
    id: 'generic-xml-secret-element',
    category: 'credential',
    description: 'Hard-coded secret in an XML element (<password>, <secret>, <token>, <apiKey>)',
    pattern:
      /<(?<tag>(?:[\w-]{0,30}[:_.-])?(?:password|passwd|secret|token|api[_-]?key|apikey|client[_-]?secret|private[_-]?key))>(?<secret>[^<\s]{6,200})<\/\k<tag>>/i,
    keywords: ['password>', 'passwd>', 'secret>', 'token>', 'key>'],
    minEntropy: 2.5,
    validate: plausibleValue,
    severity: 'high',
    confidence: 0.6,
    recommendation: `${MOVE} For Maven settings.xml use encrypted passwords (mvn --encrypt-password) or environment references (\${env.X}).`,
    compliance: ['SOX'],
  },
];
