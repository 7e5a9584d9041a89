/**
 * What the code defines, in any form, read once per update call: a page's name is "not in
 * the code" only when none of these has it. Facts (populate/gather) list exports, flags and
 * variables in their usual forms; an API defined as an object property
 * (`decorate: decorator.add`), a shorthand property (`addSchema,`), a method, a class member,
 * a re-export, a config key, or a flag Typer makes from a parameter is defined all the same.
 */
import type { Workspace } from '../../../sdk/index.js';
import type { FileEntry } from '../../project/api.js';
import type { Fact } from '../populate/facts.js';
import { knownNames, readProjectText } from '../gaps/project-files.js';
import { isPublic } from '../gaps/audience.js';
import { parameterFlags } from '../gaps/python-cli.js';
import { extractSurface } from '../gaps/surface.js';
import type { MentionKind } from './pages.js';

export interface CodeNames {
  /** Whether the code defines `name` as a name of this kind. */
  defines(kind: MentionKind, name: string): boolean;
  /** The package's public exports (entry modules, `__all__`, public packages), empty when none was found: other exports are not the users' API. */
  publicExports: ReadonlySet<string>;
}

export async function readCodeNames(root: string, files: readonly FileEntry[], workspace: Workspace, facts: readonly Fact[], docsDir?: string): Promise<CodeNames> {
  const project = await readProjectText(root, files, workspace, docsDir);
  // Every identifier, key and `--flag` written in the code or its configs (tests and examples included: a name there still exists).
  const words = knownNames(project);
  const flags = new Set<string>(facts.filter((f) => f.kind === 'flag').map((f) => f.name));
  const surface = extractSurface(project, 'standard');
  for (const item of surface) if (item.kind === 'cli-flag') flags.add(item.name);
  const publicExports = new Set(surface.filter((i) => i.kind === 'export' && isPublic(i.file, i.name)).map((i) => i.name));
  for (const word of words) if (word.startsWith('--')) flags.add(word);
  // Options Typer-style libraries make from parameters, in examples too: the docs explain them with those.
  for (const file of project.sources) parameterFlags(file, (kind, name) => kind === 'cli-flag' && flags.add(name));
  const flagDefined = (flag: string) => flags.has(flag) || (flag.startsWith('--no-') && flags.has(`--${flag.slice(5)}`));
  return {
    defines: (kind, name) => (kind === 'flag' ? flagDefined(name) : words.has(name)),
    publicExports,
  };
}
