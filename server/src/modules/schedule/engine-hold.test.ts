import { describe, expect, it } from 'vitest';
import type { Plan } from '../../domain/schedule';
import { EngineAborted } from './engine-runner';
import { withMinimumTime } from './engine-hold';
import type { EngineRun } from './job.service';

const plan = { tasks: [], unscheduled: [], metrics: { weightedTardiness: 0, tardinessMinutes: 0, lateOrders: 0, setupMinutes: 0, makespan: null } } as unknown as Plan;
const engine: EngineRun = async () => plan;
const built = {} as Parameters<EngineRun>[0];

describe('SCHEDULE_JOB_MIN_MS', () => {
  it('is the engine itself at 0, and hands on the engine plan when set', async () => {
    expect(withMinimumTime(engine, 0)).toBe(engine);
    await expect(withMinimumTime(engine, 1)(built, undefined, new AbortController().signal)).resolves.toBe(plan);
  });

  it('gives up at once when the job is aborted while it is held', async () => {
    const controller = new AbortController();
    const run = withMinimumTime(engine, 600_000)(built, undefined, controller.signal);
    controller.abort();
    await expect(run).rejects.toBeInstanceOf(EngineAborted);
  });
});
