import type { TrimInstance, TrimMetrics, TrimPlan, TrimRun } from './types';
import { minRunUnits, scaleOf, toUnits } from './units';
import { sheetRange } from './validate';

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The run's web length in mm: its longest lane (rule 2). */
export function runLengthMm(run: TrimRun, lengthOf: (orderId: string) => number): number {
  return Math.max(0, ...run.lanes.map((lane) => lane.cuts * lengthOf(lane.orderId)));
}

/** The figures of the format, computed from the runs (areas in m², rounded to 0.001; exact in units before that). */
export function planMetrics(instance: TrimInstance, runs: TrimRun[]): TrimMetrics {
  const scale = scaleOf(instance);
  const byId = new Map(instance.orders.map((order) => [order.id, { width: toUnits(order.width, scale), length: toUnits(order.length, scale) }]));
  const lengthOf = (id: string) => byId.get(id)?.length ?? 0;
  let paper = 0;
  let sheets = 0;
  for (const run of runs) {
    paper += toUnits(run.rollWidth, scale) * runLengthMm(run, lengthOf);
    for (const lane of run.lanes) {
      const order = byId.get(lane.orderId);
      if (order) sheets += lane.outs * lane.cuts * order.width * order.length;
    }
  }
  const trim = paper - sheets;
  const m2 = scale * scale * 1e6;
  return {
    trimArea_m2: round3(trim / m2),
    paperArea_m2: round3(paper / m2),
    trimPct: paper > 0 ? round3((trim / paper) * 100) : 0,
    runs: runs.length,
  };
}

const positiveInteger = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 1;

/**
 * Every rule of the format checked on a plan, independently of how it was made. Returns the
 * violations in words (empty: the plan keeps every rule).
 */
export function checkPlan(instance: TrimInstance, plan: TrimPlan): string[] {
  const problems: string[] = [];
  const byId = new Map(instance.orders.map((order) => [order.id, order]));
  // Sizes in whole units (decimal millimetres scaled), so sums and comparisons are exact.
  const scale = scaleOf(instance);
  const units = (mm: number) => toUnits(mm, scale);
  const minRun = minRunUnits(instance.minRunLength, scale);
  const sheets = new Map<string, number>();
  const runsOf = new Map<string, number>();
  if (plan.instance !== instance.name) problems.push(`plan.instance ${plan.instance} is not ${instance.name}`);
  plan.runs.forEach((run, r) => {
    const where = `run ${r + 1}`;
    if (!instance.rollWidths.includes(run.rollWidth)) problems.push(`${where}: roll width ${run.rollWidth} is not on hand`);
    if (run.lanes.length < 1 || run.lanes.length > instance.maxOrdersPerPattern) {
      problems.push(`${where}: ${run.lanes.length} lanes, allowed 1 to ${instance.maxOrdersPerPattern}`);
    }
    const ids = new Set<string>();
    let outs = 0;
    let width = 0;
    let length = 0;
    for (const lane of run.lanes) {
      const order = byId.get(lane.orderId);
      if (!order) {
        problems.push(`${where}: unknown order ${lane.orderId}`);
        continue;
      }
      if (ids.has(lane.orderId)) problems.push(`${where}: order ${lane.orderId} in two lanes`);
      ids.add(lane.orderId);
      if (!positiveInteger(lane.outs) || !positiveInteger(lane.cuts)) problems.push(`${where}: order ${lane.orderId} outs/cuts not integers ≥ 1`);
      outs += lane.outs;
      width += lane.outs * units(order.width);
      length = Math.max(length, lane.cuts * units(order.length));
      sheets.set(order.id, (sheets.get(order.id) ?? 0) + lane.outs * lane.cuts);
      runsOf.set(order.id, (runsOf.get(order.id) ?? 0) + 1);
    }
    if (outs > instance.maxOuts) problems.push(`${where}: ${outs} outs > maxOuts ${instance.maxOuts}`);
    if (width + units(instance.minTrim) > units(run.rollWidth)) problems.push(`${where}: ${width / scale} mm + minTrim ${instance.minTrim} > roll ${run.rollWidth}`);
    if (length < minRun) problems.push(`${where}: ${length / scale / 1000} m < minRunLength ${instance.minRunLength} m`);
  });
  for (const order of instance.orders) {
    const { min, max } = sheetRange(order.qty, instance.tolerance);
    const got = sheets.get(order.id) ?? 0;
    if (got < min || got > max) problems.push(`order ${order.id}: ${got} sheets outside [${min}, ${max}]`);
    if (instance.maxRunsPerOrder > 0 && (runsOf.get(order.id) ?? 0) > instance.maxRunsPerOrder) {
      problems.push(`order ${order.id}: in ${runsOf.get(order.id)} runs > maxRunsPerOrder ${instance.maxRunsPerOrder}`);
    }
  }
  const metrics = planMetrics(instance, plan.runs);
  for (const key of Object.keys(metrics) as (keyof TrimMetrics)[]) {
    if (plan.metrics[key] !== metrics[key]) problems.push(`metrics.${key} ${plan.metrics[key]} is not ${metrics[key]}`);
  }
  return problems;
}
