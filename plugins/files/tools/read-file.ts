import { ContentError, FileSystemError, Params, Type, defineTool, isToolError } from '../../../sdk/index.js';
import type { FilesOptions } from '../api.js';
import { describeFsError, looksBinary } from '../file-checks.js';

export const readFileTool = (options: FilesOptions) =>
  defineTool({
    name: 'read_file',
    title: 'Read file',
    description:
      'Read a text file from the workspace. Use it for source, configuration or docs; binary or oversized files are refused.',
    input: Params({ path: Type.String({ description: 'File to read, relative to the workspace root.' }) }),
    output: Type.Object({
      summary: Type.String(),
      path: Type.String({ description: 'The file, relative to the workspace root.' }),
      content: Type.String(),
      size: Type.Integer({ description: 'Size in bytes.' }),
      lines: Type.Integer(),
      encoding: Type.Literal('utf8'),
      modified: Type.String({ description: 'Last modification time (ISO 8601).' }),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async handler({ path }, { workspace }) {
      // The workspace refuses protected paths (.git, .toolpack, config, store) as given and where the opened file really is.
      const { handle, real } = await workspace.openFile(path, 'path').catch((error: NodeJS.ErrnoException) => {
        throw isToolError(error) ? error : describeFsError(error, path);
      });
      try {
        const info = await handle.stat();
        if (info.isDirectory()) throw new FileSystemError(`"${path}" is a directory; use list_directory to see its contents`, { path });
        if (!info.isFile()) throw new FileSystemError(`"${path}" is not a regular file`, { path });
        if (info.size > options.maxReadBytes) {
          throw new FileSystemError(`"${path}" is ${info.size} bytes, over the ${options.maxReadBytes}-byte read limit (files pack option maxReadBytes)`, {
            path,
            size: info.size,
            limit: options.maxReadBytes,
          });
        }
        // One byte more than the size tells a file that grew since the stat.
        const buffer = Buffer.alloc(info.size + 1);
        let length = 0;
        for (;;) {
          const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
          if (bytesRead === 0 || (length += bytesRead) === buffer.length) break;
        }
        if (length > info.size) throw new FileSystemError(`"${path}" changed while it was being read; try again`, { path });
        const bytes = buffer.subarray(0, length);
        if (looksBinary(bytes)) throw new ContentError(`"${path}" is a binary file; read_file returns text files only`, { path, size: bytes.length });
        const content = bytes.toString('utf8');
        const relative = workspace.relative(real);
        const lines = content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
        return {
          summary: `${relative}: ${lines} lines, ${bytes.length} bytes.`,
          path: relative,
          content,
          size: bytes.length,
          lines,
          encoding: 'utf8' as const,
          modified: info.mtime.toISOString(),
        };
      } finally {
        await handle.close();
      }
    },
  });
