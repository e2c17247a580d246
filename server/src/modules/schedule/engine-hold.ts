import type { EngineRun } from './job.service';
import { EngineAborted } from './engine-runner';

/**
 * An engine run that takes at least `minMs` (SCHEDULE_JOB_MIN_MS): the plan is handed on once both
 * the engine and the time are done, and aborting rejects at once. For demos and the end-to-end
 * journeys, where a job on the small seeded plant would end before anyone could watch or abort it;
 * 0 (the default) is the engine itself.
 */
export function withMinimumTime(engine: EngineRun, minMs: number): EngineRun {
  if (minMs <= 0) return engine;
  return (built, budgetMs, signal) => {
    const held = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, minMs);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(new EngineAborted());
        },
        { once: true },
      );
    });
    return Promise.all([engine(built, budgetMs, signal), held]).then(([plan]) => plan);
  };
}
