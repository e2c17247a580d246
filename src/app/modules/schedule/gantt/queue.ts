/** Pure rules of a machine's queue screen (机台排程): setup-key runs and where a dragged task may go. */

export interface QueueItem {
  id: number;
  setupKey: string;
}

/** A run of tasks back to back with the same setup key (only the short same-key setup between them). */
export interface SetupRun {
  key: string;
  first: number;
  /** Exclusive. */
  last: number;
  /** 0, 1, 0, 1… along the queue, to tell neighbouring runs apart. */
  tone: number;
}

/** The runs of two or more tasks with the same non-empty setup key, by index of their first task. */
export function setupRuns(queue: readonly QueueItem[]): Map<number, SetupRun> {
  const runs = new Map<number, SetupRun>();
  let tone = 0;
  for (let first = 0; first < queue.length; ) {
    const key = queue[first]!.setupKey;
    let last = first + 1;
    while (key && last < queue.length && queue[last]!.setupKey === key) last += 1;
    if (last - first >= 2) {
      runs.set(first, { key, first, last, tone });
      tone = 1 - tone;
    }
    first = last;
  }
  return runs;
}

/** The run each index belongs to (undefined when alone). */
export function runOfIndex(runs: ReadonlyMap<number, SetupRun>, length: number): (SetupRun | undefined)[] {
  const byIndex: (SetupRun | undefined)[] = new Array(length).fill(undefined);
  for (const run of runs.values()) for (let index = run.first; index < run.last; index++) byIndex[index] = run;
  return byIndex;
}

/**
 * The queue after moving the task at `from` so that it lands before the task now at `to` (to =
 * length: last); tasks that may not move (issued or started: `fixedHead` of them at the head of the
 * queue) keep their places, so nothing lands among them. Returns null when nothing changes.
 */
export function reorder<T>(queue: readonly T[], from: number, to: number, fixedHead: number): T[] | null {
  if (from < fixedHead || from < 0 || from >= queue.length) return null;
  const target = Math.max(fixedHead, Math.min(to, queue.length));
  if (target === from || target === from + 1) return null;
  const next = [...queue];
  const [moving] = next.splice(from, 1);
  next.splice(target > from ? target - 1 : target, 0, moving!);
  return next;
}

/** How many tasks at the head of the queue may not move. */
export function fixedHeadOf<T>(queue: readonly T[], movable: (task: T) => boolean): number {
  let count = 0;
  while (count < queue.length && !movable(queue[count]!)) count += 1;
  return count;
}
