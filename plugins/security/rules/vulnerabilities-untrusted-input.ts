/**
 * Untrusted input reaching dangerous operations: file paths (path traversal),
 * redirects (open redirect), code evaluation (eval, new Function, timer strings)
 * and deserializers that can execute code.
 */
import type { SecurityRule } from './types.js';
import { ARGUMENT, CODE, CONCAT, INJECTION } from './vulnerabilities-fragments.js';

export const vulnerabilityUntrustedInputRules: SecurityRule[] = [
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
];
