/**
 * Confinement: every path a tool touches goes through `resolve`, which follows
 * symlinks (of the path, or of its nearest existing ancestor when it does not
 * exist yet) and refuses anything whose real location is outside the
 * workspace root and the configured allowed roots. Reads go through
 * `openFile`/`readText`, which check the opened descriptor as well, so a
 * symlink swapped in after `resolve` cannot carry a read outside. Messages
 * never show the absolute root.
 *
 * It is also the one place the protected paths are refused for every tool:
 * a path naming .git, .toolpack or a Toolpack config file at any depth (as
 * given, or where it really leads), the store's files and the config file the
 * server was started with. The root itself, or a folder that merely holds a
 * .git, resolves as before. The kernel's own store and git code never resolve
 * a tool's path and are not affected.
 *
 * A client that declares MCP roots narrows its own session to them
 * (narrowedTo, core/server/client-roots.ts): the kernel's one workspace object
 * answers each call with the view of the calling session, so a pack that kept
 * it from init is confined like one using its ToolContext; other sessions
 * still see the whole workspace.
 */
import { realpathSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve as resolvePath, sep } from 'node:path';
import { KernelError, KernelErrorCodes } from '../errors.js';
import { componentsBelowRoots, openConfined, readConfinedText } from '../../sdk/confined-fs.js';
import { isPackageJsonName, protectedPathReason } from '../../sdk/protected-paths.js';
import { FileSystemError, ValidationError } from '../../sdk/errors.js';
import type { Workspace } from '../../sdk/services.js';
import { currentSession } from './session.js';

function isWithin(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep);
}

async function realpathOfNearest(absolute: string): Promise<string> {
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      const real = await realpath(current);
      return missing.length ? join(real, ...missing.reverse()) : real;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      const parent = dirname(current);
      if (parent === current) return absolute;
      missing.push(current.slice(parent.length).replace(/^[\\/]/, ''));
      current = parent;
    }
  }
}

export interface WorkspaceProtection {
  /** The SQLite store file (absolute, or a function of the workspace's real root; ':memory:' or absent: none): it, its journals and the security key beside it are refused. */
  storePath?: string | null | ((root: string) => string);
  /** The config file the server was started with (a package.json stays readable: only its "toolpack" key is config). */
  configFile?: string | null;
  /** Masks secrets in a text a tool writes into the workspace (the store's write filters: the security pack's masking). */
  maskForWrite?: (text: string) => string;
}

/** A client's roots applied to the workspace: the narrowed view (null: none usable) and the roots left out, with why. */
export interface NarrowedWorkspace {
  workspace: Workspace | null;
  ignored: Array<{ path: string; why: string }>;
}

/** The kernel's workspace: a Workspace that can also be narrowed to a client's roots. */
export interface KernelWorkspace extends Workspace {
  /**
   * A view confined to `paths` (absolute folders) within the configured roots, with the same
   * protected paths. A path around the workspace keeps the configured roots it holds; one
   * outside them, protected or not a folder is ignored. A call whose session carries the view
   * (CallSession.workspace) sees it through this object too.
   */
  narrowedTo(paths: readonly string[]): Promise<NarrowedWorkspace>;
}

export const isKernelWorkspace = (workspace: Workspace): workspace is KernelWorkspace => typeof (workspace as Partial<KernelWorkspace>).narrowedTo === 'function';

export function createWorkspace(rootDir: string, allowed: readonly string[] = [], protection: WorkspaceProtection = {}): KernelWorkspace {
  const root = realpathSync(resolvePath(rootDir));
  const allowedRoots = allowed.map((dir, i) => {
    try {
      return realpathSync(resolvePath(root, dir));
    } catch (error) {
      // The loader checks config files; this names the key for configs passed in code.
      throw new KernelError(KernelErrorCodes.CONFIG_INVALID, `Invalid configuration: key "workspace.allowedRoots[${i}]" names ${resolvePath(root, dir)}, which cannot be opened (${(error as NodeJS.ErrnoException).code ?? 'error'})`, {
        key: `workspace.allowedRoots[${i}]`,
      });
    }
  });
  const roots = [root, ...allowedRoots];

  // Named files: the store may not exist yet at start, so their real paths are settled at first use.
  const named: Array<{ path: string; why: string }> = [];
  const storePath = typeof protection.storePath === 'function' ? protection.storePath(root) : protection.storePath;
  const store = storePath && storePath !== ':memory:' ? resolvePath(storePath) : null;
  if (store) {
    for (const suffix of ['', '-wal', '-shm', '-journal']) named.push({ path: store + suffix, why: "is Toolpack's store; no tool reads or writes it" });
    named.push({ path: join(dirname(store), 'security.key'), why: "is the security key behind Toolpack's hashes and tokens; no tool reads or writes it" });
  }
  if (protection.configFile && !isPackageJsonName(basename(protection.configFile))) named.push({ path: resolvePath(protection.configFile), why: 'is the configuration file this server was started with; no tool reads or writes it' });
  // The folder's real path is looked up until it exists, then kept (a check runs for every file a scan reads).
  const realDirs = new Map<string, string>();
  const realOf = (path: string) => {
    const dir = dirname(path);
    let real = realDirs.get(dir);
    if (real === undefined) {
      try {
        real = realpathSync(dir);
        realDirs.set(dir, real);
      } catch {
        return path;
      }
    }
    return join(real, basename(path));
  };

  /** Why `absolute` (as given after `..`, or real) may not be used by a tool, or null. */
  const protectedReason = (absolute: string): string | null => {
    const components = componentsBelowRoots(roots, absolute);
    const byName = components ? protectedPathReason(components) : null;
    if (byName) return byName;
    return named.find((entry) => entry.path === absolute || realOf(entry.path) === absolute)?.why ?? null;
  };

  /** Inside the configuration's roots: where a client's roots may narrow a view to. */
  const configured = (absolute: string) => roots.some((r) => isWithin(r, absolute));

  /**
   * The workspace confined to `viewRoots` (real folders inside the configuration's roots; the
   * first is the root relative paths resolve against). Protected paths are judged below the
   * configuration's roots whatever the view.
   */
  const viewOf = (viewRoots: readonly string[], outsideHint: string): Workspace => {
    const viewRoot = viewRoots[0]!;
    const contains = (absolute: string) => viewRoots.some((r) => isWithin(r, absolute));
    const relativeTo = (absolute: string) => {
      const rel = relative(viewRoot, absolute);
      return rel === '' ? '.' : rel.split(sep).join('/');
    };
    /**
     * A path for a message. Packs often pass join(root, given): an absolute path is
     * shown relative to the root when it lies inside lexically, and not at all
     * otherwise, so no message carries the absolute root or its parents.
     */
    const shown = (path: string) => {
      if (!isAbsolute(path)) return `"${path}"`;
      const absolute = resolvePath(path);
      return contains(absolute) ? `"${relativeTo(absolute)}"` : 'an absolute path';
    };
    const view: Workspace = {
      root: viewRoot,
      allowedRoots: viewRoots.slice(1),
      configuredRoots: roots,
      contains,
      relative: relativeTo,
      async resolve(path: string, param = 'path') {
        if (typeof path !== 'string' || path.trim() === '') {
          throw new ValidationError(`parameter "${param}" must be a non-empty path`, { parameter: param });
        }
        if (path.includes('\0')) {
          throw new ValidationError(`parameter "${param}" must not contain a NUL character`, { parameter: param });
        }
        const absolute = isAbsolute(path) ? resolvePath(path) : resolvePath(viewRoot, path);
        let real: string;
        try {
          real = await realpathOfNearest(absolute);
        } catch (error) {
          // The code only: the system's message would name the absolute path.
          const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
          throw new FileSystemError(`parameter "${param}": cannot resolve ${shown(path)} (${code})`, { parameter: param, code });
        }
        if (!contains(real)) {
          throw new FileSystemError(`access denied: ${shown(path)} (parameter "${param}") is outside the workspace; ${outsideHint}`, {
            parameter: param,
            ...(isAbsolute(path) ? {} : { path }),
            reason: 'outside-workspace',
          });
        }
        const why = protectedReason(absolute) ?? protectedReason(real);
        if (why) {
          const given = isAbsolute(path) ? (contains(absolute) ? relativeTo(absolute) : relativeTo(real)) : path;
          throw new FileSystemError(`access denied: "${given}" (parameter "${param}") ${why}`, { parameter: param, path: given, reason: 'protected' });
        }
        return real;
      },
      async openFile(path: string, param = 'path') {
        const real = await view.resolve(path, param);
        const display = isAbsolute(path) ? relativeTo(real) : path;
        const file = await openConfined(real, viewRoots, { param, display });
        // Names are checked on the descriptor by openConfined; the store's and config's own files here.
        const why = protectedReason(file.real);
        if (why) {
          await file.handle.close();
          throw new FileSystemError(`access denied: "${display}" (parameter "${param}") ${why}`, { parameter: param, path: display, reason: 'protected' });
        }
        return file;
      },
      maskForWrite: (text: string) => (protection.maskForWrite ? protection.maskForWrite(text) : text),
      async readText(path: string, options: { param?: string; maxBytes?: number } = {}) {
        const param = options.param ?? 'path';
        const real = await view.resolve(path, param);
        return readConfinedText(real, viewRoots, { param, display: isAbsolute(path) ? relativeTo(real) : path, maxBytes: options.maxBytes });
      },
    };
    return view;
  };

  const whole = viewOf(roots, 'only paths inside the workspace or its allowed roots can be used');
  // Views made here by narrowedTo: only these may stand in for the workspace during a call.
  const narrowed = new WeakSet<Workspace>();
  /** The calling session's view (client roots, core/server/client-roots.ts), else the whole workspace. */
  const active = (): Workspace => {
    const view = currentSession()?.workspace;
    return view && narrowed.has(view) ? view : whole;
  };

  // Packs keep this object from their init; each use answers for the session of the call it runs in.
  const workspace: KernelWorkspace = {
    get root() {
      return active().root;
    },
    get allowedRoots() {
      return active().allowedRoots;
    },
    configuredRoots: roots,
    contains: (absolute) => active().contains(absolute),
    relative: (absolute) => active().relative(absolute),
    resolve: (path, param) => active().resolve(path, param),
    openFile: (path, param) => active().openFile(path, param),
    readText: (path, options) => active().readText(path, options),
    maskForWrite: whole.maskForWrite,
    async narrowedTo(paths) {
      const kept: string[] = [];
      const ignored: Array<{ path: string; why: string }> = [];
      for (const path of paths) {
        if (!isAbsolute(path)) {
          ignored.push({ path, why: 'is not an absolute path' });
          continue;
        }
        let real: string;
        try {
          real = await realpath(resolvePath(path));
        } catch (error) {
          ignored.push({ path, why: `cannot be opened (${(error as NodeJS.ErrnoException).code ?? 'error'})` });
          continue;
        }
        if (configured(real)) {
          const why = protectedReason(real);
          if (why) ignored.push({ path, why });
          else if (!(await stat(real).catch(() => null))?.isDirectory()) ignored.push({ path, why: 'is not a folder' });
          else kept.push(real);
          continue;
        }
        // A client root around the workspace allows the configured roots it holds, no more.
        const held = roots.filter((r) => isWithin(real, r));
        if (held.length) kept.push(...held);
        else ignored.push({ path, why: 'is outside the workspace and its allowed roots (workspace.allowedRoots)' });
      }
      const unique = [...new Set(kept)];
      if (unique.length === 0) return { workspace: null, ignored };
      const view = viewOf(unique, "only paths inside the client's roots can be used");
      narrowed.add(view);
      return { workspace: view, ignored };
    },
  };
  return workspace;
}
