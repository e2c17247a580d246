import type { TrimInstance, TrimMetrics, TrimPlan, TrimRun } from './types';
import { sheetRange } from './validate';

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The run's web length in mm: its longest lane (rule 2). */
export function runLengthMm(run: TrimRun, lengthOf: (orderId: string) => number): number {
  return Math.max(0, ...run.lanes.map((lane) => lane.cuts * lengthOf(lane.orderId)));
}

/** The figures of the format, computed from the runs (areas in m², rounded to 0.001). */
export function planMetrics(instance: TrimInstance, runs: TrimRun[]): TrimMetrics {
  const byId = new Map(instance.orders.map((order) => [order.id, order]));
  const lengthOf = (id: string) => byId.get(id)?.length ?? 0;
  let paper = 0;
  let sheets = 0;
  for (const run of runs) {
    paper += run.rollWidth * runLengthMm(run, lengthOf);
    for (const lane of run.lanes) {
      const order = byId.get(lane.orderId);
      if (order) sheets += lane.outs * lane.cuts * order.width * order.length;
    }
  }
  const trim = paper - sheets;
  return {
    trimArea_m2: round3(trim / 1e6),
    paperArea_m2: round3(paper / 1e6),
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
      width += lane.outs * order.width;
      length = Math.max(length, lane.cuts * order.length);
      sheets.set(order.id, (sheets.get(order.id) ?? 0) + lane.outs * lane.cuts);
      runsOf.set(order.id, (runsOf.get(order.id) ?? 0) + 1);
    }
    if (outs > instance.maxOuts) problems.push(`${where}: ${outs} outs > maxOuts ${instance.maxOuts}`);
    if (width + instance.minTrim > run.rollWidth) problems.push(`${where}: ${width} mm + minTrim ${instance.minTrim} > roll ${run.rollWidth}`);
    if (length < instance.minRunLength * 1000) problems.push(`${where}: ${length / 1000} m < minRunLength ${instance.minRunLength} m`);
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
