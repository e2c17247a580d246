import loadHighs, { type Highs } from 'highs';
import { checkPlan, planMetrics } from './check';
import { exactRuns } from './exact';
import { matchingRuns, mipPatterns, solveRuns } from './integer';
import { solvePatternLp } from './lp';
import { allPatterns, patternSpace, type Pattern } from './patterns';
import { roundLp } from './rounding';
import { aloneRun, aloneRuns, better, trimM2, type PatternRun } from './runs';
import { TrimRefusal, type TrimInstance, type TrimPlan, type TrimRun } from './types';

let highsRuntime: Promise<Highs> | undefined;
const highs = () => (highsRuntime ??= loadHighs());

/** Up to this many patterns (all of them listed) the instance is solved exactly (exact.ts). */
const EXACT_PATTERNS_LIMIT = 6000;
/** …tried only up to this many orders (listing stops at the limit, but that costs time on large instances). */
const EXACT_PATTERNS_ORDERS = 40;
/** Effort of the exact search: branch-and-bound nodes per integer model (deterministic). */
const EXACT_NODES = 100;
/**
 * …on instances of at most this many orders and patterns left after the bound: beyond them HiGHS's
 * root node alone takes seconds (its sub-MIP heuristics are what improve the plan).
 */
const EXACT_ORDERS_LIMIT = 9;
const EXACT_MODEL_LIMIT = 150;
/**
 * Wall-clock cap (seconds) of each exact-stage model: on a busy machine the node limit alone let an
 * 8-order instance take 7–14 s (g2 of the audit: 583.97 m² at 4 s against 581.06 at 7 s, optimum 580.54). Reached only on hard small instances; the plan so far is kept.
 */
const EXACT_SECONDS = 4;
/** The complete search that decides whether any plan exists, when no heuristic found one. */
const COMPLETE_PATTERNS_LIMIT = 200_000;
/** Safety net of the complete search (seconds): it runs only when no heuristic found a plan. */
const COMPLETE_SECONDS = 300;
/** Safety net in seconds for one solver call; results come from the deterministic limits above. */
const SAFETY_SECONDS = 60;

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
  /** The plan is a proven optimum: least trim area, then fewest runs. */
  proven: boolean;
  lpMs: number;
  mipMs: number;
}

export interface TrimOptions {
  /**
   * Safety net: seconds one solver call may take (default 60). Results come from deterministic
   * limits (nodes, runs listed) and do not depend on the machine's speed unless this is reached.
   */
  timeLimitSeconds?: number;
}

/**
 * The baseline without pairing: trim area (m²) of every order alone, each on the outs and
 * narrowest roll that waste least. Null when an order cannot run alone (minimum run length).
 */
export function aloneTrimArea(instance: TrimInstance): number | null {
  const space = patternSpace(instance);
  const runs = aloneRuns(space);
  return runs ? trimM2(space, runs) : null;
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
  const seconds = options.timeLimitSeconds ?? SAFETY_SECONDS;
  const space = patternSpace(instance);
  const emptyStats: TrimStats = { lowerBound_m2: 0, lpTrim_m2: 0, columnGenerationRounds: 0, patternsGenerated: 0, patternsInMip: 0, roundedTrim_m2: null, mipStatus: 'empty', proven: true, lpMs: 0, mipMs: 0 };
  if (!instance.orders.length) return { plan: { instance: instance.name, runs: [], metrics: planMetrics(instance, []) }, stats: emptyStats };
  const solver = await highs();
  // Small instances: every pattern listed, so pricing and the exact search see them all.
  const every = instance.orders.length <= EXACT_PATTERNS_ORDERS ? allPatterns(space, EXACT_PATTERNS_LIMIT) : null;
  const lp = solvePatternLp(solver, space, started + seconds * 1000, every);
  const lpDone = Date.now();
  const ids = instance.orders.map((order) => order.id);
  const toRuns = (runs: PatternRun[]): TrimRun[] =>
    runs.map(({ pattern, cuts }) => ({ rollWidth: pattern.roll / space.scale, lanes: pattern.lanes.map((lane, k) => ({ orderId: ids[lane.order], outs: lane.outs, cuts: cuts[k] })) }));
  // Every candidate plan goes through the independent checker: a heuristic slip can cost quality, never validity.
  const keepsRules = (runs: PatternRun[] | null) => {
    if (!runs) return null;
    const trimRuns = toRuns(runs);
    return checkPlan(instance, { instance: instance.name, runs: trimRuns, metrics: planMetrics(instance, trimRuns) }).length ? null : runs;
  };
  const pick = (candidates: (PatternRun[] | null)[]) => candidates.reduce<PatternRun[] | null>((bestSoFar, runs) => (runs && (!bestSoFar || better(space, runs, bestSoFar)) ? runs : bestSoFar), null);
  const rounded = keepsRules(roundLp(space, instance, lp));
  const alone = keepsRules(aloneRuns(space));
  const matched = space.maxRuns > 0 ? keepsRules(matchingRuns(solver, space, { nodes: 2000, seconds })) : null;
  let best = pick([rounded, matched, alone]);
  let patterns: Pattern[] = [];
  let mipStatus = 'skipped';
  let proven = false;
  if (!best) {
    // No heuristic found a plan: the integer model over every pattern decides (no node limit), so
    // only an instance it proves infeasible is refused.
    patterns = allPatterns(space, COMPLETE_PATTERNS_LIMIT) ?? [...new Map(mipPatterns(space, lp).map((pattern) => [pattern.key, pattern])).values()];
    const mip = solveRuns(solver, space, patterns, [], { nodes: 2_000_000_000, seconds: Math.max(seconds, COMPLETE_SECONDS) });
    mipStatus = mip.status;
    best = keepsRules(mip.runs);
  }
  if (every && best && instance.orders.length <= EXACT_ORDERS_LIMIT) {
    patterns = every;
    const exact = exactRuns(solver, space, every, lp, best, { nodes: EXACT_NODES, seconds: Math.min(seconds, EXACT_SECONDS) }, EXACT_MODEL_LIMIT);
    const checked = keepsRules(exact.runs);
    mipStatus = exact.status;
    proven = exact.proven && checked !== null;
    best = pick([best, checked]);
  }
  if (!best) {
    // Validation let every order through alone or beside a long partner; here those partners ran out.
    const stranded = instance.orders.filter((_, i) => !aloneRun(space, i, space.orders[i].min, space.orders[i].max, space.minRun));
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
      roundedTrim_m2: rounded ? trimM2(space, rounded) : null,
      mipStatus,
      proven,
      lpMs: lpDone - started,
      mipMs: Date.now() - lpDone,
    },
  };
}
