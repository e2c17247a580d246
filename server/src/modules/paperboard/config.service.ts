import { BOARD_RUN_SEQUENCE, boardConfigProblems, DEFAULT_BOARD_LINE_CONFIG, type BoardLineConfig, type BoardRoll } from '@core/contracts/paperboard';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { validation } from '../../lib/errors';
import type { Scope } from '../../plugins/auth';
import { addBoardLog } from './log.service';
import { lineConfig, usableRolls } from './plan';

export const BoardConfigMessages = {
  noRolls: (maxWidth: number) => `没有不超过最大门幅 ${maxWidth}mm 的可用门幅，请先在纸板生产数据中维护门幅`,
} as const;

/** A stored config read leniently: missing fields take the defaults (a config saved before a field existed). */
function withDefaults(stored: unknown): BoardLineConfig {
  const value = typeof stored === 'string' ? (JSON.parse(stored) as Partial<BoardLineConfig>) : ((stored ?? {}) as Partial<BoardLineConfig>);
  return { ...DEFAULT_BOARD_LINE_CONFIG, ...value };
}

const summaryOf = (config: BoardLineConfig) =>
  `最大门幅 ${config.maxWidthMm}mm，最小修边 ${config.minTrimMm}mm，最大切数 ${config.maxOuts}，每刀订单数 ${config.maxOrdersPerRun}，横切刀 ${config.knives}，` +
  `超欠数 ±${config.tolerancePct}%，最短开机 ${config.minRunLengthM} 米，每单最多 ${config.maxRunsPerOrder || '不限'} 刀，` +
  `排刀 ${BOARD_RUN_SEQUENCE.find((option) => option.value === config.sequence)?.label ?? ''}，车速 ${config.speeds.map((speed) => `${speed.flute} ${speed.speedMpm}`).join('/')} 米/分`;

/** The corrugator's limits (排产配置) of a factory, and the roll widths on hand (门幅, paper produce data). */
export class BoardConfigService {
  constructor(private readonly db: Db) {}

  async get(scope: Scope, db: Db = this.db): Promise<BoardLineConfig> {
    const row = await db.selectFrom('board_line_config').select('config').where('enterprise_id', '=', scope.enterpriseId).where('org_id', '=', scope.orgId).executeTakeFirst();
    return withDefaults(row?.config);
  }

  private deckles(scope: Scope, db: Db) {
    return db
      .selectFrom('deckle_width')
      .select(['width_mm as widthMm', 'min_trim_mm as minTrimMm', 'enabled'])
      .where('enterprise_id', '=', scope.enterpriseId)
      .where('org_id', '=', scope.orgId)
      .orderBy('width_mm')
      .execute();
  }

  /** Enabled deckle widths the line can take, narrowest first. */
  async rolls(scope: Scope, db: Db = this.db, config?: BoardLineConfig): Promise<number[]> {
    const rows = await this.deckles(scope, db);
    return usableRolls(
      rows.filter((row) => row.enabled).map((row) => row.widthMm),
      config ?? (await this.get(scope, db)),
    );
  }

  /**
   * What every 试排, check and save works with: the config with the minimum trim the line keeps (the
   * larger of the config's and the usable deckles' own, `lineConfig`) and the usable roll widths.
   */
  async line(scope: Scope, db: Db = this.db): Promise<{ config: BoardLineConfig; rolls: number[] }> {
    const [config, deckles] = await Promise.all([this.get(scope, db), this.deckles(scope, db)]);
    return lineConfig(config, deckles);
  }

  /** Every deckle of the factory (门幅, 纸板生产数据) with its own minimum trim, narrowest first. */
  rollsOnHand(scope: Scope): Promise<BoardRoll[]> {
    return this.deckles(scope, this.db);
  }

  async update(scope: Scope, request: BoardLineConfig, context: OperationContext): Promise<void> {
    const config: BoardLineConfig = { ...request, speeds: request.speeds.map((speed) => ({ flute: speed.flute.toUpperCase(), speedMpm: speed.speedMpm })) };
    const problems = boardConfigProblems(config);
    if (problems.length) throw validation(problems.join('；'));
    await this.db.transaction().execute(async (trx) => {
      if ((await this.rolls(scope, trx, config)).length === 0) throw validation(BoardConfigMessages.noRolls(config.maxWidthMm));
      const before = await this.get(scope, trx);
      await trx
        .insertInto('board_line_config')
        .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, config: JSON.stringify(config) })
        .onConflict((conflict) => conflict.columns(['enterprise_id', 'org_id']).doUpdateSet({ config: JSON.stringify(config), updated_at: new Date() }))
        .execute();
      await addBoardLog(trx, scope, { action: 'config', content: '修改排产配置', before: summaryOf(before), after: summaryOf(config) });
      await recordOperation(trx, context, { ...scope, content: `修改纸板排产配置：${summaryOf(config)}` });
    });
  }
}
