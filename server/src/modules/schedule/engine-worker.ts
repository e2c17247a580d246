import { parentPort } from 'node:worker_threads';
import { schedule, type OptimizeOptions } from '../../domain/schedule';

/** The carton engine's thread (one per background run): an instance in, a plan or the error text out. */
parentPort?.once('message', (job: { instance: unknown; options: OptimizeOptions }) => {
  try {
    parentPort?.postMessage({ ok: true, plan: schedule(job.instance, job.options) });
  } catch (error) {
    parentPort?.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
