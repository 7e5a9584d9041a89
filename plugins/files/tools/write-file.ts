import { lstat, mkdir, stat } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { FileSystemError, Params, Type, ValidationError, defineTool, writeAtomic, type Workspace } from '../../../sdk/index.js';
import type { FilesOptions } from '../api.js';
import { describeFsError } from '../file-checks.js';
import { isPackageJson, toolpackKeyChange, type Guard } from '../protected.js';

/** The checks made before anything is written, shared by the confirm step and the handler (which runs them again). */
async function inspectTarget(options: FilesOptions, guard: Guard, workspace: Workspace, path: string, content: string) {
  const bytes = Buffer.from(content, 'utf8');
  if (bytes.length > options.maxWriteBytes) {
    throw new ValidationError(`parameter "content" is ${bytes.length} bytes, over the ${options.maxWriteBytes}-byte write limit (files pack option maxWriteBytes)`, {
      parameter: 'content',
    });
  }
  const real = await workspace.resolve(path, 'path');
  const relative = workspace.relative(real).split(sep).join('/');
  guard.checkWrite(path, real);
  const previous = await lstat(real).catch(() => null);
  if (previous?.isDirectory()) throw new FileSystemError(`"${path}" is a directory; give a file path`, { path });
  if (isPackageJson(real)) {
    const before = previous ? await workspace.readText(real, { param: 'path', maxBytes: options.maxWriteBytes }).catch(() => undefined) : null;
    // An existing package.json we cannot read may hold a "toolpack" key: leave it alone.
    const refused = before === undefined ? 'exists but cannot be read to check its "toolpack" key (Toolpack configuration)' : toolpackKeyChange(before, content);
    if (refused) throw new FileSystemError(`parameter "path": "${path}" ${refused}`, { parameter: 'path', path, reason: 'protected' });
  }
  return { bytes, real, relative, previous };
}

export const writeFileTool = (options: FilesOptions, guard: Guard) =>
  defineTool({
    name: 'write_file',
    title: 'Write file',
    description:
      'Write text to a workspace file atomically, creating parent folders. Replacing an existing file first asks the user to confirm; creating one does not.',
    input: Params({
      path: Type.String({ description: 'File to write, relative to the workspace root.' }),
      content: Type.String({ description: 'The complete new content (UTF-8).' }),
    }),
    output: Type.Object({
      summary: Type.String(),
      path: Type.String({ description: 'The file, relative to the workspace root.' }),
      bytesWritten: Type.Integer(),
      created: Type.Boolean({ description: 'True when the file did not exist before.' }),
      previousSize: Type.Union([Type.Integer(), Type.Null()], { description: 'Size of the replaced file, or null.' }),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    // A refused write fails here, before anyone is asked; only replacing an existing file asks.
    async confirm({ path, content }, { workspace }) {
      const { bytes, relative, previous } = await inspectTarget(options, guard, workspace, path, content);
      if (!previous) return undefined;
      return {
        action: `Replace ${relative}`,
        description: `write_file will replace the existing file ${relative} with new content (${bytes.length} bytes).`,
        risks: [`The current content of ${relative} (${previous.size} bytes) is lost: Toolpack keeps no copy (check it is committed or backed up).`],
      };
    },
    async handler({ path, content }, { workspace }) {
      const { bytes, real, relative, previous } = await inspectTarget(options, guard, workspace, path, content);

      const dir = dirname(real);
      try {
        await mkdir(dir, { recursive: true });
      } catch (error) {
        throw describeFsError(error as NodeJS.ErrnoException, dirname(path));
      }
      // The folder was created inside the workspace; re-check in case a symlink raced in.
      const realDir = await workspace.resolve(dir, 'path');
      if (!workspace.contains(realDir)) throw new FileSystemError(`parameter "path": "${path}" is outside the workspace`, { parameter: 'path', path });
      // Resolved again as a whole: the protected paths are refused there, wherever the folder now leads.
      guard.checkWrite(path, await workspace.resolve(join(realDir, basename(real)), 'path'));

      try {
        await writeAtomic(join(realDir, basename(real)), bytes, { replace: true, mode: previous ? (await stat(real)).mode & 0o777 : 0o644 });
      } catch (error) {
        throw describeFsError(error as NodeJS.ErrnoException, path);
      }
      return {
        summary: previous ? `Replaced ${relative} (${previous.size} bytes) with ${bytes.length} bytes.` : `Created ${relative} (${bytes.length} bytes).`,
        path: relative,
        bytesWritten: bytes.length,
        created: previous === null,
        previousSize: previous ? previous.size : null,
      };
    },
  });
