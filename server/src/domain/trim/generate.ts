import { seededRandom } from '../rng';
import type { TrimInstance, TrimOrder } from './types';

export interface GenerateOptions {
  seed: number;
  orders: number;
  /** Default 0 (no limit). */
  maxRunsPerOrder?: number;
  /** Default 30 m. */
  minRunLength?: number;
  /** Default 2. */
  maxOrdersPerPattern?: number;
}

/**
 * A realistic board-plant instance (one board code): sheet widths 300–1800 mm, lengths
 * 400–2000 mm, 150–12,000 sheets (mostly small orders), 12–16 roll widths between 1400 mm and
 * 2200 or 2500 mm in steps of 50 mm, minimum trim 25–30 mm, tolerance ±3–5 %.
 */
export function generateTrimInstance(options: GenerateOptions): TrimInstance {
  const random = seededRandom(options.seed);
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const widest = random() < 0.5 ? 2200 : 2500;
  const steps = (widest - 1400) / 50;
  const rollCount = between(12, 16);
  const rolls = new Set<number>([1400, widest]);
  while (rolls.size < rollCount) rolls.add(1400 + 50 * between(0, steps));
  const orders: TrimOrder[] = [];
  for (let i = 0; i < options.orders; i++) {
    // Log-uniform quantities: many short orders, a few long ones, as in a week of board orders.
    const qty = Math.round(150 * Math.exp(random() * Math.log(12_000 / 150)));
    orders.push({ id: `O${String(i + 1).padStart(3, '0')}`, width: between(300, 1800), length: between(400, 2000), qty });
  }
  return {
    name: `gen-${options.seed}-${options.orders}`,
    board: { flute: 'BC', code: 'K250/C140/C140/C140/K250' },
    rollWidths: [...rolls].sort((a, b) => a - b),
    minTrim: between(25, 30),
    maxOuts: 6,
    maxOrdersPerPattern: options.maxOrdersPerPattern ?? 2,
    tolerance: [0.03, 0.04, 0.05][between(0, 2)],
    minRunLength: options.minRunLength ?? 30,
    maxRunsPerOrder: options.maxRunsPerOrder ?? 0,
    orders,
  };
}
