/** A tool's folder parameter resolved inside the workspace; FileSystemError naming the parameter when it is not a folder there. */
import { stat } from 'node:fs/promises';
import { FileSystemError, type Workspace } from '../../../sdk/index.js';

export async function resolveFolder(workspace: Workspace, path: string, param: string): Promise<string> {
  const real = await workspace.resolve(path, param);
  const info = await stat(real).catch(() => null);
  if (!info) throw new FileSystemError(`parameter "${param}": ${path} does not exist in the workspace`, { parameter: param, path, code: 'ENOENT' });
  if (!info.isDirectory()) throw new FileSystemError(`parameter "${param}": ${path} is not a folder (a folder of documentation pages was expected)`, { parameter: param, path });
  return real;
}
