/** The Markdown README of a project folder: README.md first, then any case of readme.md / .markdown / .mdown. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { FileSystemError } from '../../../sdk/index.js';

const README = /^readme\.(?:md|markdown|mdown|mkdn)$/i;
const PREFERRED = ['README.md', 'readme.md', 'Readme.md', 'README.markdown'];

/** `root` is a real folder path; `shown` names it in the error. */
export async function findReadme(root: string, param: string, shown: string): Promise<string> {
  const names = (await readdir(root, { withFileTypes: true })).filter((e) => (e.isFile() || e.isSymbolicLink()) && README.test(e.name)).map((e) => e.name);
  const name = PREFERRED.find((p) => names.includes(p)) ?? names.sort()[0];
  if (!name) throw new FileSystemError(`parameter "${param}": no Markdown README (README.md, readme.md, README.markdown) in "${shown}"`, { parameter: param, code: 'ENOENT' });
  return join(root, name);
}
