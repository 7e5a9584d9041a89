/**
 * The names a source file defines at its top level (classes, functions, types,
 * exported constants) and its own module name (zoom.py is `zoom`): what an ADR
 * names when it is about this file without giving its path.
 */
const PYTHON = /^(?:async[ \t]+)?(?:class|def)[ \t]+([A-Za-z_]\w*)/gm;
const JS = /^(?:export[ \t]+(?:default[ \t]+)?)?(?:declare[ \t]+)?(?:abstract[ \t]+)?(?:class|function\*?|interface|enum|type|(?:export[ \t]+)?const)[ \t]+([A-Za-z_$][\w$]*)/gm;
const JS_EXPORTED = /^export[ \t]+(?:const|let|var)[ \t]+([A-Za-z_$][\w$]*)/gm;
const GO = /^(?:func(?:[ \t]*\([^)]*\))?|type)[ \t]+([A-Za-z_]\w*)/gm;

export function definedNames(path: string, text: string): string[] {
  const names = new Set<string>();
  const stem = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  const collect = (pattern: RegExp) => {
    for (const match of text.matchAll(pattern)) names.add(match[1]!);
  };
  if (/\.pyi?$/.test(path)) {
    collect(PYTHON);
    names.add(stem);
  } else if (/\.[cm]?[jt]sx?$/.test(path)) {
    collect(JS);
    collect(JS_EXPORTED);
  } else if (path.endsWith('.go')) {
    collect(GO);
  }
  return [...names];
}
