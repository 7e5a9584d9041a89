/**
 * A small pool of scan workers (node:worker_threads), so a long scan never
 * holds the event loop other clients are served from. Workers start on first
 * use and run one job each at a time; further jobs queue. A job past its time
 * budget gets a clean ScanTimeoutError from the worker itself when the worker
 * checks the budget (between rules and windows); if it cannot (a single rule
 * running long), the worker is terminated a little later, the job fails with
 * the same error, and a fresh worker starts for the next job.
 */
import { Worker } from 'node:worker_threads';
import { ContentError, ToolError } from '../../../sdk/errors.js';
import { ScanTimeoutError } from '../engine/deadline.js';
import type { JobMessage, JobReply, WorkerSetup } from './protocol.js';
import type { WorkerFile } from './worker-file.js';
import { retireWhenIdle } from '../../../sdk/worker-idle.js';

const internal = (message: string) => new ToolError('InternalError', message);

/** Time the worker gets past its budget to report the timeout itself before it is terminated. */
const GRACE_MS = 2000;
/** Jobs waiting for a worker; beyond this the server is too busy to take more. */
const MAX_QUEUE = 64;
/** A worker's heap: large enough for two 16 MiB texts and their findings, small enough not to starve the server. */
const WORKER_HEAP_MB = 2048;

interface Pending {
  message: Omit<JobMessage, 'id'>;
  resolve(output: unknown): void;
  reject(error: Error): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface Slot {
  worker?: Worker;
  job?: Pending & { id: number; timer: NodeJS.Timeout };
  /** Cancels the idle worker's retirement (sdk/worker-idle.ts). */
  keep?: () => void;
}

export interface ScanPoolOptions {
  size: number;
  timeoutMs: number;
  setup: () => WorkerSetup;
  onWorkerError?: (error: Error) => void;
}

export class ScanPool {
  private readonly slots: Slot[];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly file: WorkerFile,
    private readonly options: ScanPoolOptions,
  ) {
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => ({}));
  }

  /** How many workers the pool runs (jobs beyond it queue). */
  get size(): number {
    return this.slots.length;
  }

  run(message: Omit<JobMessage, 'id' | 'budgetMs'>, signal?: AbortSignal): Promise<unknown> {
    if (this.closed) return Promise.reject(internal('the security scanner has been shut down'));
    if (signal?.aborted) return Promise.reject(new ContentError('the call was cancelled'));
    if (this.queue.length >= MAX_QUEUE) return Promise.reject(new ContentError(`the security scanner is busy (${this.queue.length} scans waiting); retry in a moment`));
    return new Promise((resolve, reject) => {
      const pending: Pending = { message: { ...message, budgetMs: this.options.timeoutMs }, resolve, reject, signal };
      if (signal) {
        pending.onAbort = () => this.cancel(pending);
        signal.addEventListener('abort', pending.onAbort, { once: true });
      }
      this.queue.push(pending);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) this.settle(pending, internal('the security scanner has been shut down'));
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.job) this.finish(slot, internal('the security scanner has been shut down'));
        const worker = slot.worker;
        slot.worker = undefined;
        await worker?.terminate();
      }),
    );
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const pending = this.queue.shift();
      if (!pending) return;
      const id = this.nextId++;
      slot.keep?.();
      const worker = (slot.worker ??= this.spawn(slot));
      worker.ref(); // a job in flight keeps the process alive; an idle worker does not
      const timer = setTimeout(() => this.expire(slot), this.options.timeoutMs + GRACE_MS);
      slot.job = { ...pending, id, timer };
      worker.postMessage({ ...pending.message, id });
    }
  }

  private spawn(slot: Slot): Worker {
    const worker = new Worker(this.file.url, {
      execArgv: this.file.execArgv,
      workerData: this.options.setup(),
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.unref();
    worker.on('message', (reply: JobReply) => {
      if (slot.worker !== worker || slot.job?.id !== reply.id) return;
      this.finish(slot, reply.ok ? undefined : rebuild(reply.error), reply.ok ? reply.output : undefined);
    });
    const lost = (error: Error) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      this.options.onWorkerError?.(error);
      if (slot.job) this.finish(slot, internal(`the security scan worker stopped: ${error.message}`));
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`exit code ${code}`)));
    return worker;
  }

  /** The job ran past its budget and the worker did not report: stop the worker, fail the job. */
  private expire(slot: Slot): void {
    const worker = slot.worker;
    slot.worker = undefined;
    void worker?.terminate();
    if (slot.job) this.finish(slot, new ScanTimeoutError(this.options.timeoutMs));
  }

  private cancel(pending: Pending): void {
    const queued = this.queue.indexOf(pending);
    if (queued !== -1) {
      this.queue.splice(queued, 1);
      this.settle(pending, new ContentError('the call was cancelled'));
      return;
    }
    const slot = this.slots.find((s) => s.job?.resolve === pending.resolve);
    if (!slot) return;
    const worker = slot.worker;
    slot.worker = undefined;
    void worker?.terminate();
    this.finish(slot, new ContentError('the call was cancelled'));
  }

  private finish(slot: Slot, error?: Error, output?: unknown): void {
    const job = slot.job!;
    clearTimeout(job.timer);
    slot.job = undefined;
    slot.worker?.unref();
    this.settle(job, error, output);
    if (!this.closed) this.dispatch();
    const idle = slot.worker;
    if (!slot.job && idle && !this.closed) slot.keep = retireWhenIdle(idle, () => slot.worker === idle && (slot.worker = undefined));
  }

  private settle(pending: Pending, error?: Error, output?: unknown): void {
    if (pending.onAbort) pending.signal?.removeEventListener('abort', pending.onAbort);
    if (error) pending.reject(error);
    else pending.resolve(output);
  }
}

/** A worker's failure as the error the tool would have thrown in process. */
function rebuild(failure: { type?: ToolError['type']; message: string; details?: Record<string, unknown> }): Error {
  return failure.type ? new ToolError(failure.type, failure.message, failure.details) : new Error(failure.message);
}
