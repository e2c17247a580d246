/**
 * The drag preview: where a queue's tasks would land if one task were taken out of it or put into
 * it at an index, by the time rules of calculate mode (/work/shared/formats/carton-schedule.md) as
 * far as the screen knows them — a task starts no earlier than the end of the previous task on its
 * machine and than its own `notBefore` (the order's previous operation, or the reason of an idle gap
 * before it), it starts inside working time, and its working time pauses over off-shift spans. The
 * server recalculates on drop (setups by key, waits and other machines' knock-on effects); its
 * answer replaces the preview.
 */

export type Span = readonly [number, number];

export interface QueueTask {
  id: string;
  start: number;
  end: number;
}

export interface PlacedTask {
  id: string;
  start: number;
  end: number;
}

/** Index of the first span whose end is after `time`. */
function spanAfter(spans: readonly Span[], time: number): number {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (spans[mid]![1] > time) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** The first working moment at or after `time` (off-shift spans sorted, not overlapping). */
export function nextWorking(off: readonly Span[], time: number): number {
  const index = spanAfter(off, time);
  const span = off[index];
  return span && span[0] <= time ? span[1] : time;
}

/** Working milliseconds between `from` and `to`. */
export function workingBetween(off: readonly Span[], from: number, to: number): number {
  let total = to - from;
  for (let index = spanAfter(off, from); index < off.length && off[index]![0] < to; index++) {
    const span = off[index]!;
    total -= Math.min(span[1], to) - Math.max(span[0], from);
  }
  return Math.max(0, total);
}

/** The end of `work` working milliseconds started at `start` (a working moment), pausing over off-shift spans. */
export function addWorking(off: readonly Span[], start: number, work: number): number {
  let time = start;
  let left = work;
  for (let index = spanAfter(off, time); left > 0; index++) {
    const span = off[index];
    if (!span || time + left <= span[0]) return time + left;
    left -= span[0] - time;
    time = span[1];
  }
  return time;
}

/**
 * The new times of a machine queue: `queue` in its new order, each task's working time taken from
 * its current bar, `notBefore` per task id (ms; missing = no bound but the machine's). Tasks before
 * `from` (the first changed position) keep their times; nothing starts before `floor` (the
 * calculation's start).
 */
export function replayQueue(queue: readonly QueueTask[], off: readonly Span[], notBefore: ReadonlyMap<string, number>, from: number, floor: number): PlacedTask[] {
  const placed: PlacedTask[] = [];
  let previousEnd = floor;
  queue.forEach((task, index) => {
    if (index < from) {
      placed.push({ id: task.id, start: task.start, end: task.end });
      previousEnd = task.end;
      return;
    }
    const work = workingBetween(off, task.start, task.end);
    const start = nextWorking(off, Math.max(previousEnd, notBefore.get(task.id) ?? -Infinity));
    const end = addWorking(off, start, work);
    placed.push({ id: task.id, start, end });
    previousEnd = end;
  });
  return placed;
}

/**
 * The bounds a queue's tasks keep when the queue changes: a task that waited idle before it started
 * (its start after the previous task's end and after the off-shift span it may sit behind) waited
 * for something else — its order's previous operation, a wait — so it starts no earlier than that.
 * The first task's "previous end" is `floor` (the calculation's start).
 */
export function idleBounds(queue: readonly QueueTask[], off: readonly Span[], floor: number): Map<string, number> {
  const bounds = new Map<string, number>();
  let previousEnd = floor;
  for (const task of queue) {
    if (task.start > nextWorking(off, previousEnd)) bounds.set(task.id, task.start);
    previousEnd = task.end;
  }
  return bounds;
}

/** A queue with `moving` taken out (when in it) and inserted at `index` of the rest (null: only taken out). */
export function moveInQueue<T extends { id: string }>(queue: readonly T[], moving: T, index: number | null): { queue: T[]; from: number } {
  const removedAt = queue.findIndex((task) => task.id === moving.id);
  const rest = removedAt < 0 ? [...queue] : [...queue.slice(0, removedAt), ...queue.slice(removedAt + 1)];
  if (index === null) return { queue: rest, from: removedAt < 0 ? rest.length : removedAt };
  const at = Math.max(0, Math.min(index, rest.length));
  rest.splice(at, 0, moving);
  return { queue: rest, from: removedAt < 0 ? at : Math.min(at, removedAt) };
}
