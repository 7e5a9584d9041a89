/**
 * Who a name is for, from where the code defines it: the project's users (its public
 * surface) or its maintainers. Private modules (`_vendor/`, `_internal/`, any
 * underscore-prefixed module), example sources (`docs_src/`, `examples/`), maintainer
 * scripts (`scripts/`), tests and shell-completion internals are not what users read the
 * docs for: gap reports set them apart (with a count) and updates never add them to pages.
 * Shared with populate (keep the names stable).
 */

export type Audience = 'public' | 'private' | 'example' | 'script' | 'test' | 'completion';

const EXAMPLE_DIRS = /(?:^|\/)(?:docs_src|docs-src|examples?|samples?|demos?|tutorials?_src)\//;
const SCRIPT_DIRS = /(?:^|\/)(?:scripts?|\.github|benchmarks?)\//;
const TEST_PATH = /(?:^|\/)(?:tests?|__tests__|spec)\/|(?:^|\/)(?:test_[^/]*|[^/]*_test)\.py$|\.(?:test|spec)\.[cm]?[jt]sx?$|(?:^|\/)conftest\.py$/;
/** A path segment starting with one underscore (`_vendor`, `_internal.py`); dunder files (`__init__.py`, `__main__.py`) are public. */
const PRIVATE_SEGMENT = /(?:^|\/)_(?!_)[^/]*(?:\/|$)/;
/** Shell-completion modules (`completion.py`, `completions/bash.go`); not `autocomplete.js`, a widget users call. */
const COMPLETION_FILE = /(?:^|\/)(?:shell_?)?completions?(?:[_-][^/]*)?\.(?:py|[cm]?[jt]s|go|rb|sh)$|(?:^|\/)completions?\//i;
/** Variables shells and completion scripts pass to a CLI (`_PROG_COMPLETE`, `COMP_WORDS`): the CLI reads them, users never set them. */
const COMPLETION_ENV = /_COMPLETE(?:_|$)|^COMP_(?:WORDS|CWORD|LINE|POINT|TYPE|KEY)$|COMPLETION/;

/** The audience of a name defined in `file` (project-relative); `name` lets completion environment variables be told apart. */
export function audienceOf(file: string, name?: string): Audience {
  if (TEST_PATH.test(file)) return 'test';
  if (EXAMPLE_DIRS.test(file)) return 'example';
  if (SCRIPT_DIRS.test(file)) return 'script';
  if (PRIVATE_SEGMENT.test(file)) return 'private';
  const env = name !== undefined && /^[A-Z_][A-Z0-9_]*$/.test(name);
  if (env && COMPLETION_ENV.test(name)) return 'completion';
  // `_PROG_DEBUG`: an underscore-prefixed variable is the program's own switch, like an underscore-prefixed module.
  if (env && name.startsWith('_')) return 'private';
  if (COMPLETION_FILE.test(file)) return 'completion';
  return 'public';
}

export const isPublic = (file: string, name?: string) => audienceOf(file, name) === 'public';
