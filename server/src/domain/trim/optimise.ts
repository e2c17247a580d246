import loadHighs, { type Highs } from 'highs';
import { checkPlan, planMetrics } from './check';
import { allPatterns, matchingRuns, mipPatterns, solveRuns } from './integer';
import { solvePatternLp } from './lp';
import { patternSpace, type Pattern } from './patterns';
import { roundLp } from './rounding';
import { aloneRun, aloneRuns, better, trimOf, type PatternRun } from './runs';
import { TrimRefusal, type TrimInstance, type TrimPlan, type TrimRun } from './types';

let highsRuntime: Promise<Highs> | undefined;
const highs = () => (highsRuntime ??= loadHighs());

/** Up to this many single and paired patterns the integer model gets them all (exact). */
const ALL_PATTERNS_LIMIT = 250;

export interface TrimStats {
  /** A proven lower bound on the trim area of any plan keeping the rules, m². */
  lowerBound_m2: number;
  /** The pattern LP's optimum (equal to the bound when column generation converged), m². */
  lpTrim_m2: number;
  columnGenerationRounds: number;
  patternsGenerated: number;
  patternsInMip: number;
  /** Trim area of the LP rounded by repair (the MIP's start), m²; null when the repair failed. */
  roundedTrim_m2: number | null;
  mipStatus: string;
  lpMs: number;
  mipMs: number;
}

export interface TrimOptions {
  /** Seconds the whole optimisation may take before it settles for the best plan found. */
  timeLimitSeconds?: number;
}

/**
 * The baseline without pairing: trim area (m²) of every order alone, each on the outs and
 * narrowest roll that waste least. Null when an order cannot run alone (minimum run length).
 */
export function aloneTrimArea(instance: TrimInstance): number | null {
  const space = patternSpace(instance);
  const runs = aloneRuns(space, instance);
  return runs ? trimOf(space, runs) : null;
}

/** Wide to narrow: roll width, then the width the run fills. */
function sequence(runs: TrimRun[], widthOf: (orderId: string) => number): TrimRun[] {
  const filled = (run: TrimRun) => run.lanes.reduce((sum, lane) => sum + lane.outs * widthOf(lane.orderId), 0);
  return [...runs].sort((a, b) => b.rollWidth - a.rollWidth || filled(b) - filled(a));
}

/**
 * The plan of runs for a valid instance (see `parseTrimInstance`), with the proven lower bound on
 * its trim area. Refuses (TrimRefusal) when no plan under the rules exists among the patterns tried.
 */
export async function optimiseTrim(instance: TrimInstance, options: TrimOptions = {}): Promise<{ plan: TrimPlan; stats: TrimStats }> {
  const started = Date.now();
  const limit = (options.timeLimitSeconds ?? 0.8 + instance.orders.length * 0.008) * 1000;
  const space = patternSpace(instance);
  const emptyStats: TrimStats = { lowerBound_m2: 0, lpTrim_m2: 0, columnGenerationRounds: 0, patternsGenerated: 0, patternsInMip: 0, roundedTrim_m2: null, mipStatus: 'empty', lpMs: 0, mipMs: 0 };
  if (!instance.orders.length) return { plan: { instance: instance.name, runs: [], metrics: planMetrics(instance, []) }, stats: emptyStats };
  const solver = await highs();
  // The LP runs to its optimum (the bound and the rounding depend on it) unless it alone uses up the time.
  const lp = solvePatternLp(solver, space, started + limit);
  const lpDone = Date.now();
  const ids = instance.orders.map((order) => order.id);
  const toRuns = (runs: PatternRun[]): TrimRun[] =>
    runs.map(({ pattern, cuts }) => ({ rollWidth: pattern.roll, lanes: pattern.lanes.map((lane, k) => ({ orderId: ids[lane.order], outs: lane.outs, cuts: cuts[k] })) }));
  // Every candidate plan goes through the independent checker: a heuristic slip can cost quality, never validity.
  const keepsRules = (runs: PatternRun[] | null) => {
    if (!runs) return null;
    const trimRuns = toRuns(runs);
    return checkPlan(instance, { instance: instance.name, runs: trimRuns, metrics: planMetrics(instance, trimRuns) }).length ? null : runs;
  };
  const rounded = keepsRules(roundLp(space, instance, lp));
  const alone = keepsRules(aloneRuns(space, instance));
  const limited = instance.maxRunsPerOrder > 0;
  const matched = limited ? keepsRules(matchingRuns(solver, space, instance, (limit - (Date.now() - started)) / 2000)) : null;
  const start = [rounded, matched, alone].reduce<PatternRun[] | null>((bestSoFar, runs) => (runs && (!bestSoFar || better(space, runs, bestSoFar)) ? runs : bestSoFar), null) ?? [];
  let best: PatternRun[] | null = start.length ? start : null;
  let patterns: Pattern[] = [];
  let mipStatus = 'skipped';
  // The integer model earns its time when it can see every pattern (then it is exact), or when
  // nothing else found a plan; elsewhere HiGHS did not improve the rounded plan within seconds.
  const every = allPatterns(space, ALL_PATTERNS_LIMIT);
  if (every || !best) {
    patterns = [...new Map([...(every ?? mipPatterns(space, lp)), ...start.map((run) => run.pattern)].map((pattern) => [pattern.key, pattern])).values()];
    const mip = solveRuns(solver, instance, space, patterns, start, (limit - (Date.now() - started)) / 1000, every !== null);
    mipStatus = mip.status;
    const mipRuns = keepsRules(mip.runs);
    if (mipRuns && (!best || better(space, mipRuns, best))) best = mipRuns;
  }
  if (!best) {
    // Validation let every order through alone or beside a long partner; here those partners ran out.
    const stranded = instance.orders.filter((_, i) => !aloneRun(space, i, space.orders[i].min, space.orders[i].max, instance.minRunLength * 1000));
    const names = stranded.map((order) => order.id).join('、');
    throw new TrimRefusal(
      `订单 ${names || instance.orders.map((order) => order.id).join('、')} 无法排产：在最短开机长度、切数、超欠数和每单排程次数的限制下找不到可行方案`,
      stranded[0]?.id,
    );
  }
  const widths = new Map(instance.orders.map((order) => [order.id, order.width]));
  const runs = sequence(toRuns(best), (id) => widths.get(id) ?? 0);
  return {
    plan: { instance: instance.name, runs, metrics: planMetrics(instance, runs) },
    stats: {
      lowerBound_m2: lp.lowerBound,
      lpTrim_m2: lp.lpTrim,
      columnGenerationRounds: lp.rounds,
      patternsGenerated: lp.patterns.length,
      patternsInMip: patterns.length,
      roundedTrim_m2: rounded ? trimOf(space, rounded) : null,
      mipStatus,
      lpMs: lpDone - started,
      mipMs: Date.now() - lpDone,
    },
  };
}
