import { parentPort } from 'node:worker_threads';
import { aloneTrimArea, optimiseTrim } from '../../domain/trim/optimise';
import { TrimRefusal } from '../../domain/trim/types';
import { parseTrimInstance } from '../../domain/trim/validate';
import type { TrimJob, TrimOutcome } from './trim-runner';

/**
 * The optimiser's thread: HiGHS (WebAssembly) solves here, never on the server's event loop. One job
 * at a time, in the order posted; a refusal of the instance comes back as its Chinese message.
 */
parentPort?.on('message', async (job: TrimJob) => {
  const started = Date.now();
  let outcome: TrimOutcome;
  try {
    const instance = parseTrimInstance(job.instance);
    const { plan, stats } = await optimiseTrim(instance, job.timeLimitSeconds ? { timeLimitSeconds: job.timeLimitSeconds } : {});
    outcome = { id: job.id, ok: true, runs: plan.runs, lowerBoundM2: stats.lowerBound_m2, aloneTrimAreaM2: aloneTrimArea(instance), elapsedMs: Date.now() - started };
  } catch (error) {
    outcome =
      error instanceof TrimRefusal
        ? { id: job.id, ok: false, refusal: error.message, orderId: error.orderId }
        : { id: job.id, ok: false, failure: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(outcome);
});
