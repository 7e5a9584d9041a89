/**
 * Weak cryptography and broken trust: MD5/SHA-1 hashes, weak ciphers and ECB mode,
 * disabled TLS certificate checks, hard-coded or unsigned JWTs, and insecure
 * randomness for tokens and secrets.
 */
import type { ContentType, SecurityRule } from './types.js';
import { CODE } from './vulnerabilities-fragments.js';

/** Settings that also live in shell scripts, Dockerfiles, CI files and .env files. */
const CODE_AND_CONFIG: ContentType[] = ['code', 'configuration'];

const CRYPTO = 'A02:2021-Cryptographic Failures';
const AUTH = 'A07:2021-Identification and Authentication Failures';

export const vulnerabilityCryptoRules: SecurityRule[] = [
  // Weak cryptography
  {
    id: 'weak-hash-md5',
    category: 'vulnerability',
    description: 'MD5 (or MD4/MD2) hash used (broken for security purposes)',
    // Led by "md"; each call shape is checked by a lookbehind.
    pattern:
      /md(?:[245]["'](?<=createHash\(\s{0,3}["']md[245]["'])|[25]"(?<=getInstance\(\s{0,3}"md[25]")|5(?:\((?<=hashlib\.md5\()(?![^)\r\n]{0,200}usedforsecurity\s{0,3}=\s{0,3}False)|["'](?<=hashlib\.new\(\s{0,3}["']md5["'])|(?:Hex)?\((?<=DigestUtils\.md5(?:Hex)?\()|\.(?:Create|new|HashData|Sum)\((?<=\bmd5\.\w{3,8}\()|CryptoServiceProvider\b(?<=\bmd5CryptoServiceProvider)|(?<=Digest::md5)|\s{0,3}\(\s{0,3}\$(?<=(?<![\w$.>])md5\s{0,3}\(\s{0,3}\$)))/i,
    keywords: ['md5', 'md4', 'md2'],
    severity: 'medium',
    confidence: 0.6,
    recommendation:
      'Use SHA-256 or better for integrity, and a password hash (bcrypt, scrypt, Argon2) for passwords; if MD5 is only a non-security checksum, mark it (usedforsecurity=False in Python).',
    cwe: 'CWE-328',
    owasp: CRYPTO,
    contentTypes: CODE,
  },
  {
    id: 'weak-hash-sha1',
    category: 'vulnerability',
    description: 'SHA-1 hash used (collision attacks are practical)',
    // Led by "sha"; each call shape is checked by a lookbehind.
    pattern:
      /sha(?:1["'](?<=createHash\(\s{0,3}["']sha1["'])|(?:-?1)?"(?<=getInstance\(\s{0,3}"sha(?:-?1)?")|1(?:\((?<=hashlib\.sha1\()(?![^)\r\n]{0,200}usedforsecurity\s{0,3}=\s{0,3}False)|["'](?<=hashlib\.new\(\s{0,3}["']sha1["'])|\.(?:Create|new|HashData|Sum)\((?<=\bsha1\.\w{3,8}\()|(?:Managed|CryptoServiceProvider)\b(?<=\bsha1(?:Managed|CryptoServiceProvider))|(?<=Digest::sha1)|\s{0,3}\(\s{0,3}\$(?<=(?<![\w$.>])sha1\s{0,3}\(\s{0,3}\$))|1?(?:Hex)?\((?<=DigestUtils\.sha1?(?:Hex)?\())/i,
    keywords: ['sha'],
    severity: 'medium',
    confidence: 0.55,
    recommendation:
      'Use SHA-256 or better (and bcrypt/scrypt/Argon2 for passwords, HMAC-SHA-256 for signatures); keep SHA-1 only where a protocol requires it for non-security identifiers.',
    cwe: 'CWE-328',
    owasp: CRYPTO,
    contentTypes: CODE,
  },
  {
    id: 'weak-cipher-algorithm',
    category: 'vulnerability',
    description: 'Weak or broken cipher (DES, 3DES, RC4, RC2, Blowfish, CAST5, IDEA)',
    pattern:
      /(?:createCipher(?:iv)?\(\s{0,3}["'](?:des|des-ede3?|des3|rc4|rc2|bf|blowfish|cast5?|idea)(?:-[\w-]{1,12})?["']|Cipher\.getInstance\(\s{0,3}"(?:DES|DESede|TripleDES|RC4|ARCFOUR|RC2|Blowfish)(?:\/[^"\r\n]{0,30})?"|\b(?:DES|DES3|ARC4|ARC2|Blowfish|CAST)\.new\(|algorithms\.(?:TripleDES|ARC4|Blowfish|CAST5|IDEA)\(|\b(?:des\.NewCipher|des\.NewTripleDESCipher|rc4\.NewCipher)\(|\b(?:DESCryptoServiceProvider|TripleDESCryptoServiceProvider|RC2CryptoServiceProvider)\b|\b(?:DES|TripleDES|RC2)\.Create\()/i,
    keywords: ['cipher', '.new(', 'algorithms.', 'cryptoserviceprovider', '.create('],
    severity: 'high',
    confidence: 0.8,
    recommendation: 'Use AES-GCM or ChaCha20-Poly1305 (authenticated encryption) with a random nonce per message, from a maintained library.',
    cwe: 'CWE-327',
    owasp: CRYPTO,
    contentTypes: CODE,
  },
  {
    id: 'weak-cipher-ecb-mode',
    category: 'vulnerability',
    description: 'Block cipher in ECB mode (leaks patterns in the plaintext), including Java\'s default "AES"',
    pattern:
      /(?:Cipher\.getInstance\(\s{0,3}"(?:[A-Za-z0-9]{2,12}\/ECB\/[^"\r\n]{0,30}|AES)"|createCipher(?:iv)?\(\s{0,3}["'][\w-]{2,20}-ecb["']|\bMODE_ECB\b|\bmodes\.ECB\(|\bCipherMode\.ECB\b)/i,
    keywords: ['ecb', '"aes"'],
    severity: 'high',
    confidence: 0.8,
    recommendation: 'Use an authenticated mode such as AES/GCM/NoPadding with a unique 96-bit nonce per message (never ECB, and never the provider default).',
    cwe: 'CWE-327',
    owasp: CRYPTO,
    contentTypes: CODE,
  },
  // Certificate validation
  {
    id: 'tls-reject-unauthorized-disabled',
    category: 'vulnerability',
    description: 'TLS certificate validation disabled (rejectUnauthorized: false)',
    pattern: /\brejectUnauthorized["']?\s{0,3}:\s{0,3}false\b/,
    keywords: ['rejectunauthorized'],
    severity: 'high',
    confidence: 0.9,
    recommendation: 'Keep certificate validation on; for private CAs pass the CA certificate (ca: fs.readFileSync(...)) instead of disabling verification.',
    cwe: 'CWE-295',
    owasp: AUTH,
    contentTypes: CODE,
  },
  {
    id: 'tls-node-env-disabled',
    category: 'vulnerability',
    description: 'NODE_TLS_REJECT_UNAUTHORIZED=0 disables certificate validation for the whole Node.js process',
    pattern: /\bNODE_TLS_REJECT_UNAUTHORIZED["']?\]?\s{0,3}[=:]\s{0,3}["']?0\b/,
    keywords: ['node_tls_reject_unauthorized'],
    severity: 'high',
    confidence: 0.95,
    recommendation: 'Remove the setting; trust a private CA with NODE_EXTRA_CA_CERTS=/path/to/ca.pem instead.',
    cwe: 'CWE-295',
    owasp: AUTH,
    contentTypes: CODE_AND_CONFIG,
  },
  {
    id: 'tls-verify-disabled-python',
    category: 'vulnerability',
    description: 'Python TLS verification disabled (verify=False, CERT_NONE, _create_unverified_context, check_hostname=False)',
    pattern:
      /(?:\bverify\s{0,3}=\s{0,3}False\b|\bssl\._create_unverified_context\b|\b(?:cert_reqs|verify_mode)\s{0,3}=\s{0,3}(?:ssl\.)?CERT_NONE\b|\bcheck_hostname\s{0,3}=\s{0,3}False\b)/,
    keywords: ['verif', 'cert_none', 'check_hostname'],
    severity: 'high',
    confidence: 0.85,
    recommendation: 'Keep verification on; point verify= / cafile= at your CA bundle for private certificates.',
    cwe: 'CWE-295',
    owasp: AUTH,
    contentTypes: CODE,
  },
  {
    id: 'tls-insecure-skip-verify',
    category: 'vulnerability',
    description: 'Go TLS config with InsecureSkipVerify: true',
    pattern: /\bInsecureSkipVerify\s{0,3}:\s{0,3}true\b/,
    keywords: ['insecureskipverify'],
    severity: 'high',
    confidence: 0.9,
    recommendation: 'Remove InsecureSkipVerify; add your CA to tls.Config.RootCAs (x509.CertPool) for private certificates.',
    cwe: 'CWE-295',
    owasp: AUTH,
    contentTypes: CODE,
  },
  {
    id: 'tls-curl-insecure',
    category: 'vulnerability',
    description: 'curl -k/--insecure or wget --no-check-certificate (certificate validation disabled)',
    pattern:
      /\b(?:curl\b[^\r\n|;&]{0,300}?[ \t](?:-(?!-)[A-Za-z]{0,6}k[A-Za-z]{0,6}|--insecure)(?![\w-])|wget\b[^\r\n|;&]{0,300}?[ \t]--no-check-certificate\b)/,
    keywords: ['curl', 'wget'],
    severity: 'medium',
    confidence: 0.85,
    recommendation: 'Drop -k / --no-check-certificate and pass the CA with --cacert (curl) or --ca-certificate (wget).',
    cwe: 'CWE-295',
    owasp: AUTH,
    contentTypes: CODE_AND_CONFIG,
  },
  {
    id: 'tls-curlopt-verify-disabled',
    category: 'vulnerability',
    description: 'libcurl peer or host verification disabled (CURLOPT_SSL_VERIFYPEER/VERIFYHOST false or 0)',
    pattern: /\bCURLOPT_SSL_VERIFY(?:PEER|HOST)["']?\s{0,3}(?:=>|,|=)\s{0,3}(?:false|0)\b/i,
    keywords: ['curlopt_ssl_verify'],
    severity: 'high',
    confidence: 0.9,
    recommendation: 'Leave VERIFYPEER on and VERIFYHOST at 2; set CURLOPT_CAINFO to your CA bundle for private certificates.',
    cwe: 'CWE-295',
    owasp: AUTH,
    contentTypes: CODE,
  },
  {
    id: 'tls-trust-all-java',
    category: 'vulnerability',
    description: 'Java trust manager or hostname verifier that accepts everything',
    pattern:
      /(?:\bcheckServerTrusted\s{0,3}\([^)]{0,200}\)\s{0,20}(?:throws\s{1,3}[\w.]{1,60}(?:\s{0,3},\s{0,3}[\w.]{1,60}){0,3}\s{0,20})?\{\s{0,40}(?:\/\/[^\r\n]{0,200}\s{0,40})?\}|\bverify\s{0,3}\(\s{0,3}String\s{1,3}\w{1,40}\s{0,3},\s{0,3}SSLSession\s{1,3}\w{1,40}\s{0,3}\)\s{0,20}\{\s{0,20}return\s{1,3}true\s{0,3};\s{0,20}\}|\bALLOW_ALL_HOSTNAME_VERIFIER\b|\bNoopHostnameVerifier\b)/,
    keywords: ['checkservertrusted', 'sslsession', 'allow_all_hostname_verifier', 'noophostnameverifier'],
    severity: 'high',
    confidence: 0.85,
    recommendation: 'Use the default TrustManager and HostnameVerifier; load a private CA into a KeyStore-backed TrustManagerFactory instead of trusting everything.',
    cwe: 'CWE-295',
    owasp: AUTH,
    contentTypes: CODE,
  },
  // Secrets and tokens in code
  {
    id: 'jwt-hardcoded-secret',
    category: 'vulnerability',
    description: 'JWT signed or verified with a hard-coded secret string',
    pattern: /\bjwt\.(?:sign|verify)\s{0,3}\([^,\r\n]{1,200},\s{0,3}["'](?<secret>[^"'\r\n]{4,200})["']/,
    keywords: ['jwt.sign', 'jwt.verify'],
    severity: 'high',
    confidence: 0.75,
    recommendation: 'Load the signing key from a secret manager or environment variable, use a long random key (or an asymmetric key pair), and rotate it since anyone with the source can forge tokens.',
    cwe: 'CWE-798',
    owasp: AUTH,
    contentTypes: CODE,
  },
  {
    id: 'jwt-none-algorithm',
    category: 'vulnerability',
    description: 'JWT verification that accepts the "none" algorithm (unsigned tokens)',
    pattern: /\balgorithms?["']?\s{0,3}[:=]\s{0,3}\[?\s{0,3}(?:["'][\w-]{2,10}["']\s{0,3},\s{0,3}){0,5}["']none["']/i,
    keywords: ['algorithm'],
    severity: 'high',
    confidence: 0.8,
    recommendation: 'Pin the expected algorithms (e.g. algorithms: [\'RS256\']) and never accept "none".',
    cwe: 'CWE-347',
    owasp: AUTH,
    contentTypes: CODE,
  },
  {
    id: 'insecure-random-token',
    category: 'vulnerability',
    description: 'Non-cryptographic random number generator used for a token, password, key, nonce or salt',
    // Led by the generator call; the lookbehind finds the token-like name it is assigned to.
    pattern:
      /(?:Math\.random|random\.(?:random|randint|choice|choices|getrandbits|randrange))\s{0,3}\((?<=(?:(?:token|secret|password|passwd|nonce|salt|otp|session[_-]?id|api[_-]?key|csrf|reset[_-]?code|verification[_-]?code|invite[_-]?code)\w{0,30}["']?\s{0,3}[:=][^\r\n;]{0,200}?|(?:generate|create|make|new)\w{0,20}(?:token|secret|password|nonce|salt|otp|key)\w{0,20}\s{0,3}\([^)\r\n]{0,100}\)\s{0,3}(?:\{|=>|:)[^}]{0,200}?)\b(?:Math\.random|random\.[a-z]{4,11})\s{0,3}\()/i,
    keywords: ['random'],
    severity: 'low',
    confidence: 0.6,
    recommendation: 'Use a CSPRNG: crypto.randomBytes / crypto.randomUUID in Node.js, crypto.getRandomValues in browsers, the secrets module in Python.',
    cwe: 'CWE-338',
    owasp: CRYPTO,
    contentTypes: CODE,
  },
];
