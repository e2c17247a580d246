import { startTsWorker } from '../../lib/ts-worker';
import type { Instance, OptimizeOptions, Plan } from '../../domain/schedule';

const WORKER_URL = new URL('./engine-worker.ts', import.meta.url);

export class EngineAborted extends Error {
  constructor() {
    super('aborted');
  }
}

/**
 * Runs the engine off the event loop for a background job: a thread of its own per run, so that
 * aborting one factory's job (terminating its thread) touches no other. `signal` aborts.
 */
export function runEngine(instance: Instance, options: OptimizeOptions, signal: AbortSignal): Promise<Plan> {
  return new Promise<Plan>((resolve, reject) => {
    if (signal.aborted) {
      reject(new EngineAborted());
      return;
    }
    const worker = startTsWorker(WORKER_URL);
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      fn();
      void worker.terminate();
    };
    const onAbort = () => settle(() => reject(new EngineAborted()));
    signal.addEventListener('abort', onAbort);
    worker.on('message', (result: { ok: true; plan: Plan } | { ok: false; error: string }) =>
      settle(() => (result.ok ? resolve(result.plan) : reject(new Error(result.error)))),
    );
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`schedule worker exited with code ${code}`))));
    worker.postMessage({ instance, options });
  });
}
