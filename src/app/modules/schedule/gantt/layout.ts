import type { TimeScale } from './scale';

/** One bar of the Gantt: a task on a machine row, times in ms. */
export interface GanttTask<T = unknown> {
  id: string;
  start: number;
  end: number;
  /** Setup part at the bar's start (ms of the task's working time; drawn darker). */
  setupMs: number;
  /** Fill colour (already resolved from the colour mode). */
  color: string;
  late: boolean;
  /** Text drawn inside the bar when it is wide enough. */
  label: string;
  data: T;
}

/** One machine row: its tasks sorted by start (a machine runs one task at a time, so ends are sorted too). */
export interface GanttRow<T = unknown> {
  id: string;
  label: string;
  tasks: GanttTask<T>[];
  /** Off-shift spans [start, end) in ms, sorted: shaded grey (holidays are listed apart). */
  offShift?: readonly (readonly [number, number])[];
}

export const ROW_HEIGHT = 28;
export const BAR_PADDING = 5;

/** The rows on screen for a scroll position, with `overscan` rows either side: [first, last). */
export function visibleRows(scrollTop: number, viewportHeight: number, rowHeight: number, count: number, overscan = 2): { first: number; last: number } {
  if (count <= 0 || viewportHeight <= 0) return { first: 0, last: 0 };
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan);
  return { first: Math.min(first, last), last };
}

/** Index of the first task of a row (sorted by start) whose end is after `time` (tasks.length when none). */
export function firstEndingAfter(tasks: readonly { end: number }[], time: number): number {
  let low = 0;
  let high = tasks.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (tasks[mid]!.end > time) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** The tasks of a row that overlap [from, to): a slice found by binary search. */
export function tasksInRange<T extends { start: number; end: number }>(tasks: readonly T[], from: number, to: number): T[] {
  const first = firstEndingAfter(tasks, from);
  let last = first;
  while (last < tasks.length && tasks[last]!.start < to) last += 1;
  return tasks.slice(first, last);
}

/** Bars narrower than this are drawn this wide (and hit as such). */
export const MIN_BAR_PX = 2;
/** How far (px) beside a bar a pointer still hits it. */
export const HIT_SLOP_PX = 2;

/**
 * The task under a point of the chart's content (x, y in content pixels: 0 = scale origin and the
 * first row's top), or null. Binary search in the row's tasks; a bar narrower than MIN_BAR_PX is hit
 * over that width, and a pointer within HIT_SLOP_PX of a bar hits the nearest bar.
 */
export function hitTest<T>(rows: readonly GanttRow<T>[], scale: TimeScale, x: number, y: number, rowHeight = ROW_HEIGHT): { row: number; task: GanttTask<T> } | null {
  const row = Math.floor(y / rowHeight);
  if (row < 0 || row >= rows.length) return null;
  const inRow = y - row * rowHeight;
  if (inRow < BAR_PADDING || inRow > rowHeight - BAR_PADDING) return null;
  const tasks = rows[row]!.tasks;
  const slop = (HIT_SLOP_PX + MIN_BAR_PX) / scale.pxPerMs;
  const time = scale.time(x);
  let best: GanttTask<T> | null = null;
  let bestDistance = Infinity;
  for (let index = firstEndingAfter(tasks, time - slop); index < tasks.length; index++) {
    const task = tasks[index]!;
    const left = scale.x(task.start);
    if (left > x + HIT_SLOP_PX) break;
    const right = Math.max(scale.x(task.end), left + MIN_BAR_PX);
    const distance = x < left ? left - x : x > right ? x - right : 0;
    if (distance <= HIT_SLOP_PX && distance < bestDistance) {
      best = task;
      bestDistance = distance;
      if (distance === 0) break;
    }
  }
  return best ? { row, task: best } : null;
}

/**
 * Where a task dropped at `time` goes in a row's queue: the index (among the row's tasks other
 * than the moving one) before which it is inserted — before the first task whose middle is later.
 */
export function dropIndex(tasks: readonly { id: string; start: number; end: number }[], time: number, movingId: string): number {
  let index = 0;
  for (const task of tasks) {
    if (task.id === movingId) continue;
    if ((task.start + task.end) / 2 > time) return index;
    index += 1;
  }
  return index;
}
