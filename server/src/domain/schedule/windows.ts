/**
 * A machine's working windows as minute arrays, with prefix sums of working minutes so that
 * placing a task (setup + run working minutes, pausing between windows) is two binary searches.
 */

export interface Windows {
  starts: number[];
  ends: number[];
  /** cum[k] = working minutes in windows before k; cum[n] = all working minutes. */
  cum: number[];
}

export function makeWindows(starts: number[], ends: number[]): Windows {
  const cum = new Array<number>(starts.length + 1);
  cum[0] = 0;
  for (let k = 0; k < starts.length; k++) cum[k + 1] = cum[k] + ends[k] - starts[k];
  return { starts, ends, cum };
}

/** Index of the first window whose end is after `t` (the window a task starting at ≥ t opens in), or n. */
export function windowAfter(w: Windows, t: number): number {
  let lo = 0;
  let hi = w.ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (w.ends[mid] > t) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The earliest minute ≥ t inside a window (never on a window's end), or null after the last window. */
export function earliestStart(w: Windows, t: number): number | null {
  const k = windowAfter(w, t);
  return k < w.starts.length ? Math.max(t, w.starts[k]) : null;
}

/**
 * The minute `work` working minutes are done when starting at `start` (a minute inside a window),
 * or null when they do not fit before the last window ends.
 */
export function endOfWork(w: Windows, start: number, work: number): number | null {
  const k = windowAfter(w, start);
  if (k >= w.starts.length || start < w.starts[k]) return null;
  const target = w.cum[k] + (start - w.starts[k]) + work;
  const n = w.starts.length;
  if (target > w.cum[n]) return null;
  // The window j with cum[j] < target ≤ cum[j + 1].
  let lo = k;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (w.cum[mid + 1] >= target) hi = mid;
    else lo = mid + 1;
  }
  return w.starts[lo] + (target - w.cum[lo]);
}
