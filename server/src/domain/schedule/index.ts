/**
 * The carton scheduling engine (`/work/shared/formats/carton-schedule.md`): a pure function from
 * an instance to a plan. With `sequence`: calculate mode; without: optimize mode.
 */
import { calculate } from './calculate';
import { buildModel } from './model';
import { optimize } from './optimize';
import { toPlan } from './plan';
import type { OptimizeOptions, Plan } from './types';

export { InstanceError } from './model';
export { REASONS } from './types';
export type * from './types';

/**
 * Schedules an instance; throws InstanceError (with the place) for a bad instance. In optimize mode
 * the time budget covers the whole call (or counts from `options.startedAt`) and the best plan
 * found by then is returned.
 */
export function schedule(instance: unknown, options: OptimizeOptions = {}): Plan {
  const startedAt = options.startedAt ?? performance.now();
  const model = buildModel(instance);
  return toPlan(model, model.queues ? calculate(model) : optimize(model, options, startedAt));
}
