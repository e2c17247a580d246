/**
 * Exact arithmetic on sizes given in decimal millimetres: every width, length, roll width and the
 * minimum trim are scaled by 10^d (d ≤ 3, the most decimals any of them has) to whole units, so
 * sums, comparisons and trim areas are integer arithmetic (exact below 2^53).
 */
import type { TrimInstance } from './types';

/** Most decimals a size may have (0.001 mm). */
export const MAX_DECIMALS = 3;

/** Decimal places of a positive size (0…MAX_DECIMALS), or -1 when it has more. */
export function decimals(value: number): number {
  for (let d = 0; d <= MAX_DECIMALS; d++) {
    const scaled = value * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) <= 1e-9 * Math.max(1, Math.abs(scaled))) return d;
  }
  return -1;
}

/** Units per millimetre for an instance: 10^(most decimals of any size). */
export function scaleOf(instance: Pick<TrimInstance, 'rollWidths' | 'minTrim' | 'orders'>): number {
  let most = Math.max(0, decimals(instance.minTrim));
  for (const width of instance.rollWidths) most = Math.max(most, decimals(width));
  for (const order of instance.orders) most = Math.max(most, decimals(order.width), decimals(order.length));
  return 10 ** most;
}

/** A size in whole units. */
export const toUnits = (mm: number, scale: number) => Math.round(mm * scale);

/**
 * The minimum run length in units (a run of `units` is long enough when units ≥ this): metres are
 * read as the decimal they are written as, so 1.1 m is exactly 1100 mm (1.1 × 1000 = 1100.0000000000002
 * in floating point would refuse an 1100 mm run).
 */
export function minRunUnits(minRunLength: number, scale: number): number {
  const exact = minRunLength * 1000 * scale;
  const nearest = Math.round(exact);
  return Math.abs(exact - nearest) <= 1e-6 * Math.max(1, exact) ? nearest : Math.ceil(exact);
}
