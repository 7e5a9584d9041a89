import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { FileSystemError, Params, StringEnum, Type, defineTool } from '../../../sdk/index.js';
import type { FilesOptions } from '../api.js';
import { describeFsError } from '../file-checks.js';
import { gitignoreFor } from '../gitignore.js';
import type { Guard } from '../protected.js';

const ENTRY_TYPES = ['file', 'directory', 'symlink', 'other'] as const;

const typeOf = (info: Awaited<ReturnType<typeof lstat>>): (typeof ENTRY_TYPES)[number] =>
  info.isSymbolicLink() ? 'symlink' : info.isDirectory() ? 'directory' : info.isFile() ? 'file' : 'other';

export const listDirectoryTool = (options: FilesOptions, guard: Guard) =>
  defineTool({
    name: 'list_directory',
    title: 'List directory',
    description:
      'List the entries of a workspace folder with type, size and modification time, folders first. Use it to explore a project before read_file; .gitignore matches are flagged, symlinks are not followed.',
    input: Params({ path: Type.String({ description: 'Folder to list, relative to the workspace root ("." for the root).' }) }),
    output: Type.Object({
      summary: Type.String(),
      path: Type.String({ description: 'The folder, relative to the workspace root.' }),
      entries: Type.Array(
        Type.Object({
          name: Type.String(),
          type: StringEnum(ENTRY_TYPES),
          size: Type.Integer({ description: 'Bytes for files; 0 for folders.' }),
          modified: Type.String(),
          gitignored: Type.Boolean({ description: 'Matched by a .gitignore of the workspace.' }),
        }),
      ),
      total: Type.Integer({ description: 'Entries in the folder (before truncation and hiding).' }),
      hiddenGitignored: Type.Integer({ description: 'Entries left out because .gitignore matches them (files pack option hideGitignored).' }),
      truncated: Type.Boolean(),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler({ path }, { workspace }) {
      const real = await workspace.resolve(path, 'path');
      const all = await readdir(real).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOTDIR') throw new FileSystemError(`"${path}" is a file, not a folder; use read_file to read it`, { path });
        throw describeFsError(error, path);
      });
      // Protected names (.git, .toolpack, config files) are not shown: no tool can open them.
      const names = all.filter((name) => !guard.hidden(name));
      const isIgnored = await gitignoreFor(workspace, real);
      const entries = [];
      let hidden = 0;
      for (const name of names) {
        const full = join(real, name);
        const info = await lstat(full).catch(() => null);
        if (!info) continue; // removed while listing
        const type = typeOf(info);
        const gitignored = name !== '.git' && isIgnored(full, type === 'directory');
        if (gitignored && options.hideGitignored) {
          hidden++;
          continue;
        }
        entries.push({ name, type, size: type === 'file' ? info.size : 0, modified: info.mtime.toISOString(), gitignored });
      }
      entries.sort((a, b) => Number(b.type === 'directory') - Number(a.type === 'directory') || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const shown = entries.slice(0, options.maxListEntries);
      const folders = shown.filter((entry) => entry.type === 'directory').length;
      const left = [entries.length > shown.length ? `${entries.length - shown.length} past the maxListEntries limit` : '', hidden ? `${hidden} gitignored hidden` : ''].filter(Boolean);
      return {
        summary: `${workspace.relative(real)}: ${folders} folders and ${shown.length - folders} other entries${left.length ? ` (${left.join(', ')})` : ''}.`,
        path: workspace.relative(real),
        entries: shown,
        total: names.length,
        hiddenGitignored: hidden,
        truncated: entries.length > options.maxListEntries,
      };
    },
  });
