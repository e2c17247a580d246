import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../lib/ts-worker';
import type { TrimInstance, TrimRun } from '../../domain/trim/types';

export interface TrimJob {
  id: number;
  instance: TrimInstance;
  timeLimitSeconds?: number;
}

export type TrimOutcome =
  | { id: number; ok: true; runs: TrimRun[]; lowerBoundM2: number; aloneTrimAreaM2: number | null; elapsedMs: number }
  | { id: number; ok: false; refusal: string; orderId?: string }
  | { id: number; ok: false; failure: string };

const WORKER_URL = new URL('./trim-worker.ts', import.meta.url);

/**
 * Runs the trim optimiser off the event loop: one worker thread, started on first use and kept,
 * jobs one after another. If the worker dies, pending jobs fail and the next job starts a new one.
 */
export class TrimRunner {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (outcome: TrimOutcome) => void; reject: (error: Error) => void }>();

  run(instance: TrimInstance, timeLimitSeconds?: number): Promise<TrimOutcome> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<TrimOutcome>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, instance, timeLimitSeconds } satisfies TrimJob);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = startTsWorker(WORKER_URL);
    worker.unref();
    worker.on('message', (outcome: TrimOutcome) => {
      const job = this.pending.get(outcome.id);
      this.pending.delete(outcome.id);
      job?.resolve(outcome);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`trim worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }
}
