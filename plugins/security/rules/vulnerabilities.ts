/**
 * Code vulnerabilities found by shape: injection sinks fed by concatenation,
 * interpolation or request input, dangerous evaluation, weak cryptography,
 * disabled certificate checks and insecure randomness.
 */
import type { ContentType, SecurityRule } from './types.js';

const CODE: ContentType[] = ['code'];
/** Settings that also live in shell scripts, Dockerfiles, CI files and .env files. */
const CODE_AND_CONFIG: ContentType[] = ['code', 'configuration'];

const INJECTION = 'A03:2021-Injection';
const CRYPTO = 'A02:2021-Cryptographic Failures';
const AUTH = 'A07:2021-Identification and Authentication Failures';

/** A call that sends SQL to the database. */
const SQL_CALL = String.raw`\b(?:query|execute|executemany|exec|executeQuery|executeUpdate|executeSql|raw|rawQuery|queryRawUnsafe|executeRawUnsafe|queryRow|queryContext|execContext)\s{0,3}\(\s{0,3}`;
/** The start of an SQL statement inside a string. */
const SQL = String.raw`\s{0,10}(?:SELECT|INSERT|UPDATE|DELETE|REPLACE|MERGE|UPSERT)\b`;
const SQL_KEYWORDS = ['select', 'insert', 'update', 'delete', 'replace', 'merge', 'upsert'];

/** A string literal concatenated with more (`'...' + x`). */
const CONCAT = String.raw`["'][^"'\r\n]{0,300}["']\s{0,3}\+`;
/** A template literal with an interpolation. */
const TEMPLATE = String.raw`\x60(?:[^\x60$]|\$(?!\{)){0,1000}\$\{`;
/** A variable or member expression passed as an argument, not a typed parameter in a declaration (`command: string`). */
const ARGUMENT = String.raw`[A-Za-z_$][\w$.]{0,60}(?![\w$.]|\??\s{0,3}:)`;
/** Right-hand sides that are safe for HTML sinks: plain literals, sanitizers, empty values. */
const SAFE_HTML = String.raw`(?!["'][^"'\r\n$]{0,300}["']\s{0,3}(?:[;,)}]|$)|\x60[^\x60$]{0,1000}\x60|(?:DOMPurify|sanitize|purify|escape|encode|he\.)|(?:null|undefined|""|'')(?!\w))`;

export const vulnerabilityRules: SecurityRule[] = [
  // SQL injection
  {
    id: 'sql-injection-concatenation',
    category: 'vulnerability',
    description: 'SQL statement built by string concatenation and passed to a query/execute call',
    pattern: new RegExp(
      String.raw`${SQL_CALL}(?:"${SQL}[^"\r\n]{0,500}"|'${SQL}[^'\r\n]{0,500}')(?:\s{0,20}\+\s{0,20}(?:"[^"\r\n]{0,300}"|'[^'\r\n]{0,300}')){0,4}\s{0,20}\+\s{0,20}[A-Za-z_$(]`,
      'i',
    ),
    keywords: SQL_KEYWORDS,
    severity: 'high',
    confidence: 0.8,
    recommendation:
      'Use parameterized queries or prepared statements (placeholders such as ? or $1 with a values array) or the query builder\'s bindings; never concatenate input into SQL.',
    cwe: 'CWE-89',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  {
    id: 'sql-injection-template-literal',
    category: 'vulnerability',
    description: 'SQL statement built with template-literal interpolation and passed to a query/execute call',
    pattern: new RegExp(String.raw`${SQL_CALL}\x60${SQL}(?:[^\x60$]|\$(?!\{)){0,1000}\$\{`, 'i'),
    keywords: SQL_KEYWORDS,
    severity: 'high',
    confidence: 0.8,
    recommendation:
      'Pass values as bound parameters (query(\'... WHERE id = $1\', [id])) or use a tagged template that parameterizes (sql`...`, Prisma $queryRaw); never interpolate input into SQL text.',
    cwe: 'CWE-89',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  {
    id: 'sql-injection-format-string',
    category: 'vulnerability',
    description: 'SQL statement built with an f-string, % formatting, .format() or fmt.Sprintf and passed to execute/query',
    pattern: new RegExp(
      String.raw`${SQL_CALL}(?:f(?:"${SQL}[^"\r\n{]{0,500}\{|'${SQL}[^'\r\n{]{0,500}\{)|"${SQL}[^"\r\n]{0,500}"\s{0,3}(?:%\s{0,3}[A-Za-z_(]|\.format\()|'${SQL}[^'\r\n]{0,500}'\s{0,3}(?:%\s{0,3}[A-Za-z_(]|\.format\()|fmt\.Sprintf\(\s{0,3}"${SQL})`,
      'i',
    ),
    keywords: SQL_KEYWORDS,
    severity: 'high',
    confidence: 0.8,
    recommendation:
      'Let the driver bind values: cursor.execute("... WHERE id = %s", (user_id,)) in Python, db.Query("... WHERE id = $1", id) in Go; never format input into SQL text.',
    cwe: 'CWE-89',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  {
    id: 'nosql-injection',
    category: 'vulnerability',
    description: 'Request input passed directly as a MongoDB-style query object',
    pattern:
      /\.(?:find|findOne|findOneAndUpdate|findOneAndDelete|updateOne|updateMany|deleteOne|deleteMany|countDocuments|where|aggregate)\s{0,3}\(\s{0,3}req(?:uest)?\.(?:body|query|params)\b/,
    keywords: ['.find', '.update', '.delete', '.count', '.where', '.aggregate'],
    severity: 'high',
    confidence: 0.7,
    recommendation:
      'Build the filter from validated fields ({ email: String(req.body.email) }) and reject objects/operators in input (e.g. mongo-sanitize or schema validation).',
    cwe: 'CWE-943',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  // Cross-site scripting
  {
    id: 'xss-inner-html',
    category: 'vulnerability',
    description: 'innerHTML/outerHTML assigned a non-literal value (DOM XSS sink)',
    pattern: new RegExp(String.raw`\.(?:inner|outer)HTML\s{0,3}\+?=(?!=)\s{0,3}${SAFE_HTML}(?:[A-Za-z_$(\x60]|${CONCAT})`, 'm'),
    keywords: ['innerhtml', 'outerhtml'],
    severity: 'high',
    confidence: 0.7,
    recommendation:
      'Use textContent (or createElement and append) for text; if HTML is required, sanitize it with DOMPurify or use the Trusted Types API.',
    cwe: 'CWE-79',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  {
    id: 'xss-document-write',
    category: 'vulnerability',
    description: 'document.write/writeln called with a non-literal value (DOM XSS sink)',
    pattern: new RegExp(String.raw`\bdocument\.write(?:ln)?\s{0,3}\(\s{0,3}${SAFE_HTML}(?:[A-Za-z_$(\x60]|${CONCAT})`, 'm'),
    keywords: ['document.write'],
    severity: 'high',
    confidence: 0.75,
    recommendation: 'Avoid document.write; build DOM nodes and set textContent, or sanitize HTML with DOMPurify first.',
    cwe: 'CWE-79',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  {
    id: 'xss-insert-adjacent-html',
    category: 'vulnerability',
    description: 'insertAdjacentHTML called with a non-literal value (DOM XSS sink)',
    pattern: new RegExp(
      String.raw`\.insertAdjacentHTML\s{0,3}\(\s{0,3}["'\x60][a-zA-Z]{8,11}["'\x60]\s{0,3},\s{0,3}${SAFE_HTML}(?:[A-Za-z_$(\x60]|${CONCAT})`,
      'm',
    ),
    keywords: ['insertadjacenthtml'],
    severity: 'high',
    confidence: 0.75,
    recommendation: 'Use insertAdjacentText or DOM methods for text; sanitize HTML with DOMPurify before inserting it.',
    cwe: 'CWE-79',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  {
    id: 'xss-dangerously-set-inner-html',
    category: 'vulnerability',
    description: 'React dangerouslySetInnerHTML with a non-literal, unsanitized value',
    pattern: new RegExp(
      String.raw`dangerouslySetInnerHTML\s{0,3}=\s{0,3}\{\s{0,3}(?:\{\s{0,3}__html\s{0,3}:\s{0,3})?(?![^,}\r\n]{0,60}(?:DOMPurify|[sS]anitiz|purify))(?:[A-Za-z_$(\x60]|${CONCAT})`,
    ),
    keywords: ['dangerouslysetinnerhtml'],
    severity: 'high',
    confidence: 0.7,
    recommendation: 'Render text as JSX children instead; if HTML is required, pass it through DOMPurify.sanitize() right where it is rendered.',
    cwe: 'CWE-79',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  // Command injection
  {
    id: 'command-injection-child-process',
    category: 'vulnerability',
    description: 'child_process exec/execSync with a command built from input (shell command injection)',
    pattern: new RegExp(
      String.raw`(?:\b(?:child_?process|cp|childProcess)\.exec(?:Sync)?\s{0,3}\(\s{0,3}(?:${ARGUMENT}|${TEMPLATE}|${CONCAT})|(?<![.\w$])(?<!function\s{1,3})execSync\s{0,3}\(\s{0,3}(?:${ARGUMENT}|${TEMPLATE}|${CONCAT})|(?<![.\w$])(?<!function\s{1,3})exec\s{0,3}\(\s{0,3}(?:${TEMPLATE}|${CONCAT}))`,
    ),
    keywords: ['exec'],
    severity: 'high',
    confidence: 0.75,
    recommendation:
      'Use execFile/spawn with an argument array and no shell (spawn(cmd, [arg1, arg2])), validate input against an allow-list, and never build shell strings from input.',
    cwe: 'CWE-78',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  {
    id: 'command-injection-spawn-shell',
    category: 'vulnerability',
    description: 'spawn/execFile with shell: true and a non-literal command',
    pattern: new RegExp(
      String.raw`\b(?:spawn|spawnSync|execFile|execFileSync)\s{0,3}\(\s{0,3}(?:[A-Za-z_$\x60]|${CONCAT})[^;]{0,400}?\bshell\s{0,3}:\s{0,3}(?:true|["'\x60])`,
    ),
    keywords: ['shell'],
    severity: 'high',
    confidence: 0.7,
    recommendation: 'Drop shell: true and pass arguments as an array so no shell parses them; validate input against an allow-list.',
    cwe: 'CWE-78',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  {
    id: 'command-injection-os-system',
    category: 'vulnerability',
    description: 'os.system/os.popen with a command built from a variable, f-string or formatting',
    pattern: /\bos\.(?:system|popen)\s{0,3}\(\s{0,3}(?:[fF]["']|[A-Za-z_][\w.]{0,60}\s{0,3}[,)+%]|["'][^"'\r\n]{0,300}["']\s{0,3}(?:\+|%|\.format\())/,
    keywords: ['os.system', 'os.popen'],
    severity: 'high',
    confidence: 0.8,
    recommendation: 'Use subprocess.run([...], shell=False) with an argument list (shlex.quote only as a last resort) and validate input.',
    cwe: 'CWE-78',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  {
    id: 'command-injection-subprocess-shell',
    category: 'vulnerability',
    description: 'subprocess call with shell=True and a non-literal command',
    pattern:
      /\bsubprocess\.(?:call|run|Popen|check_output|check_call)\s{0,3}\(\s{0,3}(?:[fF]["']|[A-Za-z_]|["'][^"'\r\n]{0,300}["']\s{0,3}(?:\+|%|\.format\())(?:[^()]|\([^()]{0,200}\)){0,400}?\bshell\s{0,3}=\s{0,3}True\b/,
    keywords: ['subprocess'],
    severity: 'high',
    confidence: 0.8,
    recommendation: 'Pass the command as a list with shell=False (the default) and validate any input that ends up in arguments.',
    cwe: 'CWE-78',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  {
    id: 'command-injection-runtime-exec',
    category: 'vulnerability',
    description: 'Java Runtime.exec with a command built from a variable or concatenation',
    pattern: /\bRuntime\.getRuntime\(\)\.exec\s{0,3}\(\s{0,3}(?:[A-Za-z_][\w.]{0,60}\s{0,3}[+),]|"[^"\r\n]{0,300}"\s{0,3}\+)/,
    keywords: ['getruntime'],
    severity: 'high',
    confidence: 0.75,
    recommendation: 'Use ProcessBuilder with a fixed program and separate, validated arguments; never pass a concatenated command string.',
    cwe: 'CWE-78',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  {
    id: 'command-injection-shell-c',
    category: 'vulnerability',
    description: 'A shell run with -c and a non-literal script (exec.Command("sh", "-c", x), ProcessBuilder("bash", "-c", x))',
    pattern:
      /\b(?:exec\.Command(?:Context)?\s{0,3}\((?:\s{0,3}ctx\s{0,3},)?|ProcessBuilder\s{0,3}\()\s{0,3}"(?:\/bin\/)?(?:ba|z)?sh"\s{0,3},\s{0,3}"-c"\s{0,3},(?!\s{0,3}"[^"\r\n]{0,300}"\s{0,3}\))/,
    keywords: ['"-c"'],
    severity: 'high',
    confidence: 0.75,
    recommendation: 'Run the program directly with separate arguments instead of through sh -c, and validate input against an allow-list.',
    cwe: 'CWE-78',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  // Path traversal
  {
    id: 'path-traversal-request-input',
    category: 'vulnerability',
    description: 'File read/write/send with a path taken from request input',
    pattern:
      /\b(?:readFile|readFileSync|createReadStream|writeFile|writeFileSync|createWriteStream|appendFile|appendFileSync|unlink|unlinkSync|rmSync|readdir|readdirSync|sendFile|download|open|openSync|send_file|send_from_directory|FileResponse)\s{0,3}\([^;\r\n]{0,200}?\breq(?:uest)?\.(?:params|query|body|files?|path|url|args|form|values|GET|POST|query_params|data)\b/,
    keywords: ['readfile', 'writefile', 'createreadstream', 'createwritestream', 'appendfile', 'unlink', 'rmsync', 'readdir', 'sendfile', 'download', 'open', 'send_file', 'send_from_directory', 'fileresponse'],
    severity: 'high',
    confidence: 0.7,
    recommendation:
      'Resolve the path against a fixed base directory and reject it unless it stays inside (path.resolve(base, p).startsWith(base + path.sep)), or map input to an allow-list of file names.',
    cwe: 'CWE-22',
    owasp: 'A01:2021-Broken Access Control',
    contentTypes: CODE,
  },
  {
    id: 'path-traversal-path-join',
    category: 'vulnerability',
    description: 'path.join/path.resolve/os.path.join with request input (../ escapes the base directory)',
    pattern:
      /\b(?:path\.(?:join|resolve)\s{0,3}\([^;\r\n]{0,200}?\breq(?:uest)?\.(?:params|query|body|files?)|os\.path\.join\s{0,3}\([^\r\n]{0,200}?\brequest\.(?:args|form|values|GET|POST|files|query_params))\b/,
    keywords: ['path.join', 'path.resolve'],
    severity: 'high',
    confidence: 0.7,
    recommendation:
      'path.join does not stop ../: normalize the result and check it is still inside the base directory, or accept only basenames (path.basename) from an allow-list.',
    cwe: 'CWE-22',
    owasp: 'A01:2021-Broken Access Control',
    contentTypes: CODE,
  },
  {
    id: 'open-redirect',
    category: 'vulnerability',
    description: 'Redirect to a URL taken from request input (open redirect)',
    pattern: /\b(?:(?:res|response|reply)\.redirect\s{0,3}\(\s{0,3}(?:\d{3}\s{0,3},\s{0,3})?req(?:uest)?\.(?:query|params|body)|redirect\s{0,3}\(\s{0,3}request\.(?:args|form|values|GET|POST))\b/,
    keywords: ['redirect'],
    severity: 'medium',
    confidence: 0.7,
    recommendation: 'Redirect only to relative paths or to hosts on an allow-list; map input to known destinations instead of using it as a URL.',
    cwe: 'CWE-601',
    owasp: 'A01:2021-Broken Access Control',
    contentTypes: CODE,
  },
  // Code injection and deserialization
  {
    id: 'code-injection-eval',
    category: 'vulnerability',
    description: 'eval() of a non-literal value',
    pattern: new RegExp(String.raw`(?<![\w$.])(?<!function\s{1,3})eval\s{0,3}\(\s{0,3}(?:${ARGUMENT}|[(\x60\[]|${CONCAT})`),
    keywords: ['eval'],
    severity: 'high',
    confidence: 0.75,
    recommendation: 'Remove eval: parse data with JSON.parse / ast.literal_eval, and use lookup tables or functions instead of evaluating code.',
    cwe: 'CWE-95',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  {
    id: 'code-injection-new-function',
    category: 'vulnerability',
    description: 'new Function() built from non-literal code',
    pattern: /\bnew Function\s{0,3}\((?!\s{0,3}\))(?!\s{0,3}(?:["'][^"'\r\n]{0,200}["']\s{0,3},?\s{0,3}){1,10}\))/,
    keywords: ['new function'],
    severity: 'high',
    confidence: 0.7,
    recommendation: 'Do not compile code from strings; use ordinary functions or a safe expression evaluator with an allow-list of operations.',
    cwe: 'CWE-95',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  {
    id: 'code-injection-timer-string',
    category: 'vulnerability',
    description: 'setTimeout/setInterval given a string of code (evaluated like eval)',
    pattern: /\bset(?:Timeout|Interval)\s{0,3}\(\s{0,3}(?:["'][^"'\r\n]{0,300}["']|`)/,
    keywords: ['settimeout', 'setinterval'],
    severity: 'medium',
    confidence: 0.75,
    recommendation: 'Pass a function instead of a string: setTimeout(() => doWork(), 100).',
    cwe: 'CWE-95',
    owasp: INJECTION,
    contentTypes: CODE,
  },
  {
    id: 'insecure-deserialization',
    category: 'vulnerability',
    description: 'Deserialization that can execute code (pickle/dill loads, PyYAML unsafe_load or Loader=Loader/UnsafeLoader/FullLoader, Java ObjectInputStream)',
    pattern:
      /\b(?:c?[pP]ickle\.loads?\s{0,3}\(|dill\.loads?\s{0,3}\(|yaml\.(?:unsafe_load(?:_all)?\s{0,3}\(|load(?:_all)?\s{0,3}\((?:[^()\r\n]|\([^()\r\n]{0,100}\)){0,200}?Loader\s{0,3}=\s{0,3}(?:yaml\.)?(?:Unsafe|Full)?Loader\b)|new\s{1,3}ObjectInputStream\s{0,3}\()/,
    keywords: ['pickle', 'dill.load', 'yaml.', 'objectinputstream'],
    severity: 'high',
    confidence: 0.65,
    recommendation:
      'Never deserialize untrusted data with pickle or ObjectInputStream; use JSON or yaml.safe_load, or sign and verify the payload before loading it.',
    cwe: 'CWE-502',
    owasp: 'A08:2021-Software and Data Integrity Failures',
    contentTypes: CODE,
  },
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
