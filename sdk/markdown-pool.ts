/**
 * A small pool of Markdown parse workers (node:worker_threads), so a large or hostile document is
 * parsed off the event loop every client is served from. Workers start on first use, run one
 * document at a time (further ones queue) and do not keep the process alive while idle. A parse
 * past its time budget terminates its worker (micromark cannot be interrupted) and fails with
 * ParseTimeout; a fresh worker starts for the next document.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Root } from 'mdast';
import type { ParsedTree, ParseMode } from './markdown-parser.js';
import type { ParseReply, ParseRequest } from './markdown-worker.js';
import { findWorkerFile, type WorkerFile } from './worker-file.js';

export class ParseTimeout extends Error {}

/** The worker's stack: remark's tree transforms recurse once per inline nesting level. */
const STACK_MB = 16;
const HEAP_MB = 1024;

interface Job {
  request: Omit<ParseRequest, 'id'>;
  budgetMs: number;
  resolve(parsed: ParsedTree): void;
  reject(error: Error): void;
}

interface Slot {
  worker?: Worker;
  job?: Job & { id: number; timer: NodeJS.Timeout };
}

class ParsePool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;

  constructor(private readonly file: WorkerFile, size: number) {
    this.slots = Array.from({ length: size }, () => ({}));
  }

  parse(text: string, mode: ParseMode, budgetMs: number): Promise<ParsedTree> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { text, mode }, budgetMs, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.queue.shift();
      if (!job) return;
      const id = this.nextId++;
      const worker = (slot.worker ??= this.spawn(slot));
      worker.ref(); // a parse in flight keeps the process alive; an idle worker does not
      // The budget starts when the worker takes the job, not while it queues.
      const timer = setTimeout(() => this.expire(slot), job.budgetMs);
      slot.job = { ...job, id, timer };
      worker.postMessage({ ...job.request, id } satisfies ParseRequest);
    }
  }

  private spawn(slot: Slot): Worker {
    const worker = new Worker(this.file.url, { execArgv: this.file.execArgv, resourceLimits: { stackSizeMb: STACK_MB, maxOldGenerationSizeMb: HEAP_MB } });
    worker.unref();
    worker.on('message', (reply: ParseReply) => {
      if (slot.worker !== worker || slot.job?.id !== reply.id) return;
      const text = slot.job.request.text;
      if (reply.ok) this.finish(slot, undefined, { tree: reply.tree as Root, source: reply.source ?? text, notes: reply.notes });
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

  private finish(slot: Slot, error?: Error, parsed?: ParsedTree): void {
    const job = slot.job!;
    clearTimeout(job.timer);
    slot.job = undefined;
    slot.worker?.unref();
    if (error) job.reject(error);
    else job.resolve(parsed!);
    this.dispatch();
  }
}

let pool: ParsePool | null | undefined;

/** The process's parse pool; null when the worker's code cannot be found (documents are then parsed in process). */
export function parsePool(): ParsePool | null {
  if (pool === undefined) {
    const file = findWorkerFile('markdown-worker', import.meta.url);
    pool = file ? new ParsePool(file, Math.max(1, Math.min(2, availableParallelism() - 1))) : null;
  }
  return pool;
}
