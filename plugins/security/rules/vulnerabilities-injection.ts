/**
 * Injection sinks fed by concatenation, interpolation or request input: SQL and
 * NoSQL queries, HTML sinks (DOM and React XSS) and shell commands.
 */
import type { SecurityRule } from './types.js';
import { ARGUMENT, CODE, CONCAT, INJECTION } from './vulnerabilities-fragments.js';

/** A call that sends SQL to the database. */
const SQL_CALL = String.raw`\b(?:query|execute|executemany|exec|executeQuery|executeUpdate|executeSql|raw|rawQuery|queryRawUnsafe|executeRawUnsafe|queryRow|queryContext|execContext)\s{0,3}\(\s{0,3}`;
/** The start of an SQL statement inside a string. */
const SQL = String.raw`\s{0,10}(?:SELECT|INSERT|UPDATE|DELETE|REPLACE|MERGE|UPSERT)\b`;
const SQL_KEYWORDS = ['select', 'insert', 'update', 'delete', 'replace', 'merge', 'upsert'];

/** A template literal with an interpolation. */
const TEMPLATE = String.raw`\x60(?:[^\x60$]|\$(?!\{)){0,1000}\$\{`;
/** Right-hand sides that are safe for HTML sinks: plain literals, sanitizers, empty values. */
const SAFE_HTML = String.raw`(?!["'][^"'\r\n$]{0,300}["']\s{0,3}(?:[;,)}]|$)|\x60[^\x60$]{0,1000}\x60|(?:DOMPurify|sanitize|purify|escape|encode|he\.)|(?:null|undefined|""|'')(?!\w))`;

export const vulnerabilityInjectionRules: SecurityRule[] = [
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
];
