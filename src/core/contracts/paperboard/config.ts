import { Type, type Static } from '@sinclair/typebox';

/**
 * The corrugator's limits (排产配置), one per factory: what every 试排 and hand edit keeps.
 * Defaults suit a 2.5 m five-layer line (DOMAIN.md).
 */
export const BoardLineConfig = Type.Object({
  maxWidthMm: Type.Integer({ title: '最大门幅（mm）', minimum: 800, maximum: 3500 }),
  minTrimMm: Type.Integer({ title: '最小修边（mm）', minimum: 0, maximum: 200 }),
  maxOuts: Type.Integer({ title: '最大切数', minimum: 1, maximum: 12 }),
  maxOrdersPerRun: Type.Integer({ title: '每刀订单数', minimum: 1, maximum: 3 }),
  knives: Type.Integer({ title: '横切刀数', minimum: 1, maximum: 2 }),
  tolerancePct: Type.Number({ title: '超欠数比例（%）', minimum: 0, maximum: 20 }),
  minRunLengthM: Type.Integer({ title: '最短开机长度（米）', minimum: 0, maximum: 5000 }),
  maxRunsPerOrder: Type.Integer({ title: '每单最多排刀次数', minimum: 0, maximum: 20 }),
  sequence: Type.Union([Type.Literal('wide'), Type.Literal('narrow')], { title: '排刀顺序' }),
  speeds: Type.Array(
    Type.Object({
      flute: Type.String({ title: '楞型', minLength: 1, maxLength: 4, pattern: '^[A-Za-z]{1,4}$' }),
      speedMpm: Type.Integer({ title: '车速（米/分钟）', minimum: 10, maximum: 500 }),
    }),
    { title: '各楞型车速', minItems: 1, maxItems: 20 },
  ),
});
export type BoardLineConfig = Static<typeof BoardLineConfig>;

export const DEFAULT_BOARD_LINE_CONFIG: BoardLineConfig = {
  maxWidthMm: 2500,
  minTrimMm: 25,
  maxOuts: 6,
  maxOrdersPerRun: 2,
  knives: 2,
  tolerancePct: 3,
  minRunLengthM: 30,
  maxRunsPerOrder: 0,
  sequence: 'wide',
  speeds: [
    { flute: 'A', speedMpm: 180 },
    { flute: 'B', speedMpm: 220 },
    { flute: 'C', speedMpm: 200 },
    { flute: 'E', speedMpm: 230 },
    { flute: 'BC', speedMpm: 160 },
    { flute: 'BE', speedMpm: 170 },
  ],
};

/** 排刀顺序: the order a new 试排's (and a re-optimised draft's) runs take by roll width. */
export const BOARD_RUN_SEQUENCE = [
  { value: 'wide', label: '宽到窄' },
  { value: 'narrow', label: '窄到宽' },
] as const;

/** A roll width on hand (门幅, kept in 纸板生产数据) as the config screen shows it. */
export const BoardRoll = Type.Object({
  widthMm: Type.Integer(),
  /** The deckle's own minimum trim (mm); the line uses the larger of this and the config's. */
  minTrimMm: Type.Integer(),
  /** Disabled deckles are kept in paper data but never used; enabled ones up to the line's maximum width are. */
  enabled: Type.Boolean(),
});
export type BoardRoll = Static<typeof BoardRoll>;

/** Speed used for a flute the config does not list (m/min). */
export const DEFAULT_SPEED_MPM = 150;

/** Rules across fields (Chinese, naming the fields); empty when the config is consistent. */
export function boardConfigProblems(config: BoardLineConfig): string[] {
  const problems: string[] = [];
  if (config.knives === 1 && config.maxOrdersPerRun > 1) problems.push('只有一把横切刀时每刀订单数只能是1');
  if (config.maxOrdersPerRun > config.maxOuts) problems.push('每刀订单数不能大于最大切数');
  const flutes = config.speeds.map((speed) => speed.flute.toUpperCase());
  const repeated = flutes.find((flute, index) => flutes.indexOf(flute) !== index);
  if (repeated) problems.push(`楞型 ${repeated} 的车速重复`);
  return problems;
}

/** The line's speed for a flute (m/min). */
export function speedOf(config: BoardLineConfig, flute: string): number {
  return config.speeds.find((speed) => speed.flute.toUpperCase() === flute.toUpperCase())?.speedMpm ?? DEFAULT_SPEED_MPM;
}
