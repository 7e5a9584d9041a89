/**
 * A small pool of Markdown parse workers (node:worker_threads), so a large or hostile document is
 * parsed off the event loop every client is served from. Workers start on first use, run one
 * document at a time (further ones queue) and do not keep the process alive while idle. A parse
 * past its time budget terminates its worker (micromark cannot be interrupted) and fails with
 * ParseTimeout; a fresh worker starts for the next document. A worker answers with a tree, or with
 * a page's link outline (markdown-links.ts) when asked for one.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Root } from 'mdast';
import type { LinkOutline } from './markdown-links.js';
import type { ParsedTree, ParseMode } from './markdown-parser.js';
import type { ParseReply, ParseRequest } from './markdown-worker.js';
import type { SlugStyle } from './slug.js';
import { findWorkerFile, type WorkerFile } from './worker-file.js';
import { retireWhenIdle } from './worker-idle.js';

export class ParseTimeout extends Error {}

/** The worker's stack: remark's tree transforms recurse once per inline nesting level. */
const STACK_MB = 16;
const HEAP_MB = 1024;
/**
 * A larger young generation: remark allocates many short-lived objects, and scavenges took a fifth of a
 * parse at the default; 96 MB cut a cold link check's CPU by about 30% against 48 MB, for some 60 MB more
 * resident memory while the workers live (they retire when idle: worker-idle.ts).
 */
const YOUNG_MB = 96;
/** How long a worker may take to load its parser (seconds under a loaded machine, never minutes). */
const START_LIMIT_MS = 60_000;

type Answer = Extract<ParseReply, { ok: true }>;

interface Job {
  request: Omit<ParseRequest, 'id'>;
  budgetMs: number;
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

interface Slot {
  /** Cancels the idle worker's retirement (worker-idle.ts). */
  keep?: () => void;
  worker?: Worker;
  /** The worker has loaded the parser (it says so once): budgets count parsing, not start-up. */
  ready?: boolean;
  job?: Job & { id: number; timer?: NodeJS.Timeout };
}

/** What a worker posts once its parser is loaded, before any reply. */
export const WORKER_READY = 'markdown-worker-ready';

class ParsePool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;

  constructor(private readonly file: WorkerFile, size: number) {
    this.slots = Array.from({ length: size }, () => ({}));
  }

  async parse(text: string, mode: ParseMode, budgetMs: number): Promise<ParsedTree> {
    const answer = await this.run({ text, mode }, budgetMs);
    if (!('tree' in answer)) throw new Error('the Markdown parse worker answered without a tree');
    return { tree: answer.tree as Root, source: answer.source ?? text, notes: answer.notes };
  }

  /** The page's link outline, its headings slugged in `style`. */
  async outline(text: string, mode: ParseMode, style: SlugStyle, budgetMs: number): Promise<LinkOutline> {
    const answer = await this.run({ text, mode, outline: style }, budgetMs);
    if (!('outline' in answer)) throw new Error('the Markdown parse worker answered without an outline');
    return answer.outline;
  }

  /** Documents parsed at once at most (queue more and they wait). */
  get size(): number {
    return this.slots.length;
  }

  private run(request: Omit<ParseRequest, 'id'>, budgetMs: number): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, budgetMs, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.keep?.();
      const worker = (slot.worker ??= this.spawn(slot));
      worker.ref(); // a parse in flight keeps the process alive; an idle worker does not
      slot.job = { ...job, id: this.nextId++ };
      if (slot.ready) this.start(slot);
    }
  }

  /** Hand the slot's job to its (ready) worker. The budget starts now, not while the job queued or the worker started. */
  private start(slot: Slot): void {
    const job = slot.job!;
    job.timer = setTimeout(() => this.expire(slot), job.budgetMs);
    slot.worker!.postMessage({ ...job.request, id: job.id } satisfies ParseRequest);
  }

  private spawn(slot: Slot): Worker {
    const worker = new Worker(this.file.url, { execArgv: this.file.execArgv, resourceLimits: { stackSizeMb: STACK_MB, maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: YOUNG_MB } });
    worker.unref();
    slot.ready = false;
    // A worker that never gets its parser loaded is ended (and its job failed) rather than waited on.
    const startup = setTimeout(() => void worker.terminate(), START_LIMIT_MS).unref();
    worker.on('message', (reply: ParseReply | typeof WORKER_READY) => {
      if (slot.worker !== worker) return;
      if (reply === WORKER_READY) {
        clearTimeout(startup);
        slot.ready = true;
        if (slot.job) this.start(slot);
        return;
      }
      if (slot.job?.id !== reply.id) return;
      if (reply.ok) this.finish(slot, undefined, reply);
      else this.finish(slot, reply.stackOverflow ? new RangeError(reply.error) : new Error(reply.error));
    });
    const lost = (error: Error) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      if (slot.job) this.finish(slot, new Error(`the Markdown parse worker stopped: ${error.message}`));
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`exit code ${code}`)));
    return worker;
  }

  private expire(slot: Slot): void {
    const worker = slot.worker;
    slot.worker = undefined;
    void worker?.terminate();
    if (slot.job) this.finish(slot, new ParseTimeout(`parsing took longer than ${slot.job.budgetMs} ms`));
  }

  private finish(slot: Slot, error?: Error, answer?: Answer): void {
    const job = slot.job!;
    clearTimeout(job.timer);
    slot.job = undefined;
    slot.worker?.unref();
    if (error) job.reject(error);
    else job.resolve(answer!);
    this.dispatch();
    const idle = slot.worker;
    if (!slot.job && idle) slot.keep = retireWhenIdle(idle, () => slot.worker === idle && (slot.worker = undefined));
  }
}

let pool: ParsePool | null | undefined;

/** The process's parse pool; null when the worker's code cannot be found (documents are then parsed in process). */
export function parsePool(): ParsePool | null {
  if (pool === undefined) {
    const file = findWorkerFile('markdown-worker', import.meta.url);
    // Two workers even on two cores: a link check keeps both busy while the server's thread only
    // reads files and posts texts; the OS still gives that thread its turn within milliseconds.
    pool = file ? new ParsePool(file, Math.min(4, Math.max(2, availableParallelism() - 1))) : null;
  }
  return pool;
}
