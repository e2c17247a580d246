import { sql } from 'kysely';
import { BOARD_SCHEDULE_STATE, DEFAULT_BOARD_LINE_CONFIG, type BoardLineConfig } from '@core/contracts/paperboard';
import type { Db } from '../../db';
import { sheetRange } from '../../domain/trim/validate';
import { seededRandom } from '../../domain/rng';
import type { Scope } from '../../plugins/auth';
import { syncBoardOrders } from './orders.service';
import { planTotals, usableRolls, type PlanOrder, type PlanRun } from './plan';
import { insertRuns } from './schedule.service';

const DAY = 86_400_000;
const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Board sold as board in 示例纸板厂: board code, flute, share of the week's orders. */
const DIRECT_BOARDS: Array<[string, string, number]> = [
  ['K250-C140-K250', 'C', 5],
  ['A200-C120-A200', 'C', 4],
  ['K200-B120-K200', 'B', 3],
  ['K250-B120-C110-C140-K250', 'BC', 3],
  ['W250-E120-K200', 'E', 2],
];
const CUSTOMERS = ['佛山联合包装有限公司', '东莞市恒信纸品厂', '中山宏达彩印包装', '江门市新会纸箱厂', '广州穗丰纸业有限公司', '深圳市德利包装制品', '惠州金叶包装材料', '清远市华南纸箱厂'];

/** Each lane's cuts for the least sheets in range, or null when the outs cannot reach the range or the run is too short. */
function laneFor(order: PlanOrder, outs: number, config: BoardLineConfig): { boardOrderId: number; outs: number; cuts: number } | null {
  const { min, max } = sheetRange(order.quantity, config.tolerancePct / 100);
  const cuts = Math.max(Math.ceil(min / outs), 1);
  return outs * cuts > max ? null : { boardOrderId: order.id, outs, cuts };
}

/** Trim area (mm²) of a run: roll × longest lane − sheets. */
function runWaste(run: PlanRun, byId: Map<number, PlanOrder>): number {
  const length = Math.max(...run.lanes.map((lane) => lane.cuts * byId.get(lane.boardOrderId)!.lengthMm));
  return run.rollWidthMm * length - run.lanes.reduce((sum, lane) => sum + lane.outs * lane.cuts * byId.get(lane.boardOrderId)!.widthMm * byId.get(lane.boardOrderId)!.lengthMm, 0);
}

/** The least-waste run of the given orders side by side (one lane each), over every mix of outs; null when none keeps the rules. */
function bestRun(orders: PlanOrder[], rolls: number[], config: BoardLineConfig, byId: Map<number, PlanOrder>): { run: PlanRun; waste: number } | null {
  let best: { run: PlanRun; waste: number } | null = null;
  const mixes = orders.length === 1 ? [[1], [2], [3], [4], [5], [6]] : [1, 2, 3, 4, 5].flatMap((a) => [1, 2, 3, 4, 5].map((b) => [a, b]));
  for (const outs of mixes) {
    if (outs.reduce((sum, each) => sum + each, 0) > config.maxOuts) continue;
    const lanes = orders.map((order, index) => laneFor(order, outs[index]!, config));
    if (lanes.some((lane) => lane === null)) continue;
    const width = orders.reduce((sum, order, index) => sum + outs[index]! * order.widthMm, 0);
    const roll = rolls.find((each) => each >= width + config.minTrimMm);
    if (roll === undefined) continue;
    const run = { rollWidthMm: roll, lanes: lanes as PlanRun['lanes'] };
    if (Math.max(...run.lanes.map((lane) => lane.cuts * byId.get(lane.boardOrderId)!.lengthMm)) < config.minRunLengthM * 1000) continue;
    const waste = runWaste(run, byId);
    if (!best || waste < best.waste) best = { run, waste };
  }
  return best;
}

/** The `count` orders whose best run alone wastes the smallest share of its paper. */
function wellFitting(orders: PlanOrder[], count: number, rolls: number[], config: BoardLineConfig): PlanOrder[] {
  const byId = new Map(orders.map((order) => [order.id, order]));
  const share = (order: PlanOrder) => {
    const best = bestRun([order], rolls, config, byId);
    return best ? best.waste / (best.run.rollWidthMm * best.run.lanes[0]!.cuts * order.lengthMm) : Infinity;
  };
  return orders
    .map((order) => ({ order, share: share(order) }))
    .filter((entry) => entry.share < Infinity)
    .sort((a, b) => a.share - b.share)
    .slice(0, count)
    .map((entry) => entry.order);
}

/**
 * A plan as a planner writes it by hand: each order on its best outs and narrowest roll, then the
 * pairs that waste least side by side (whole orders, one run each) taken greedily — every rule of
 * the format kept. The seed's schedules use it so the first start needs no solver; 试排 shows what
 * the optimiser saves against it.
 */
export function handRuns(orders: PlanOrder[], rolls: number[], config: BoardLineConfig): PlanRun[] {
  const byId = new Map(orders.map((order) => [order.id, order]));
  const alone = new Map(orders.flatMap((order) => {
    const best = bestRun([order], rolls, config, byId);
    return best ? [[order.id, best] as const] : [];
  }));
  const pairs = config.maxOrdersPerRun < 2 ? [] : [...alone.keys()].flatMap((a, i) => [...alone.keys()].slice(i + 1).flatMap((b) => {
    const pair = bestRun([byId.get(a)!, byId.get(b)!], rolls, config, byId);
    const saving = pair ? alone.get(a)!.waste + alone.get(b)!.waste - pair.waste : 0;
    return pair && saving > 0 ? [{ a, b, run: pair.run, saving }] : [];
  })).sort((x, y) => y.saving - x.saving);
  const used = new Set<number>();
  const runs: PlanRun[] = [];
  for (const pair of pairs) {
    if (used.has(pair.a) || used.has(pair.b)) continue;
    used.add(pair.a).add(pair.b);
    runs.push(pair.run);
  }
  for (const [id, best] of alone) if (!used.has(id)) runs.push(best.run);
  return runs.sort((x, y) => y.rollWidthMm - x.rollWidthMm);
}

interface SeedSchedule {
  state: number;
  orders: PlanOrder[];
  orderState: number;
  flute: string;
  boardCode: string;
  created: Date;
}

/**
 * Board orders and schedules of the demo factories: every production order that makes board on the
 * corrugator becomes a board order; 示例纸板厂 also gets a week of board sold as board and a few
 * re-makes, then a schedule on the line, one issued, one done and two drafts (planned as by hand:
 * see handRuns), each with its log lines. The rest wait for 试排.
 */
export async function seedPaperboardDemo(trx: Db, enterpriseId: number, factories: Array<{ orgId: number; board: boolean }>, now: Date): Promise<void> {
  const admin = await trx.selectFrom('app_user').select(['id', 'nick_name']).where('username', '=', 'admin').executeTakeFirst();
  for (const { orgId, board } of factories) {
    const scope: Scope = { enterpriseId, orgId, userId: admin?.id ?? 0 };
    const base = { enterprise_id: enterpriseId, org_id: orgId };
    await syncBoardOrders(trx, scope);
    if (!board) continue;
    const random = seededRandom(orgId * 104_729);
    const total = DIRECT_BOARDS.reduce((sum, [, , share]) => sum + share, 0);
    const direct = Array.from({ length: 110 }, (_, index) => {
      let roll = random() * total;
      const [boardCode, flute] = DIRECT_BOARDS.find(([, , share]) => (roll -= share) < 0) ?? DIRECT_BOARDS[0]!;
      const remake = index % 37 === 5;
      const width = Math.round((350 + random() ** 1.4 * 1250) / 5) * 5;
      const length = Math.round((500 + random() * 1500) / 10) * 10;
      const quantity = remake ? Math.round((150 + random() * 400) / 10) * 10 : Math.round((300 + random() ** 2 * 9000) / 50) * 50;
      const created = new Date(now.getTime() - Math.floor(random() * 4 * DAY));
      return {
        ...base,
        order_no: `${remake ? 'BR' : 'BD'}${day(created).replaceAll('-', '')}${pad(index + 1, 3)}`,
        source: remake ? 3 : 2,
        customer_name: CUSTOMERS[Math.floor(random() * CUSTOMERS.length)]!,
        product_name: remake ? '补单：后道压坏' : `${flute}楞纸板`,
        board_code: boardCode,
        flute,
        width_mm: width,
        length_mm: length,
        quantity,
        due_date: day(new Date(now.getTime() + Math.floor(random() * 8) * DAY)),
        state: 1,
        remark: remake ? '模切工序报废补做' : '',
        created_at: created,
        updated_at: created,
      };
    });
    await trx.insertInto('board_order').values(direct).execute();

    const config = DEFAULT_BOARD_LINE_CONFIG;
    const deckles = await trx.selectFrom('deckle_width').select('width_mm').where('enterprise_id', '=', enterpriseId).where('org_id', '=', orgId).where('enabled', '=', true).execute();
    const rolls = usableRolls(
      deckles.map((row) => row.width_mm),
      config,
    );
    // A planner puts the orders that fit the rolls well into a schedule first: of the earliest due, those wasting least alone.
    const pick = async (boardCode: string, state: number, count: number): Promise<PlanOrder[]> =>
      wellFitting(await candidates(boardCode, state, count * 4), count, rolls, config);
    const candidates = (boardCode: string, state: number, count: number): Promise<PlanOrder[]> =>
      trx
        .selectFrom('board_order')
        .select(['id', 'order_no as orderNo', 'customer_name as customerName', 'width_mm as widthMm', 'length_mm as lengthMm', 'quantity'])
        .where('enterprise_id', '=', enterpriseId)
        .where('org_id', '=', orgId)
        .where('board_code', '=', boardCode)
        .where('state', '=', state)
        .where('schedule_id', 'is', null)
        .orderBy('due_date')
        .orderBy('id')
        .limit(count)
        .execute();
    const schedules: SeedSchedule[] = [
      { state: 4, boardCode: 'K250-C140-K250', flute: 'C', orders: await pick('K250-C140-K250', 4, 6), orderState: 4, created: new Date(now.getTime() - 3 * DAY) },
      { state: 3, boardCode: 'K250-C140-K250', flute: 'C', orders: await pick('K250-C140-K250', 1, 8), orderState: 3, created: new Date(now.getTime() - DAY) },
      { state: 2, boardCode: 'A200-C120-A200', flute: 'C', orders: await pick('A200-C120-A200', 1, 8), orderState: 2, created: new Date(now.getTime() - DAY / 2) },
      { state: 1, boardCode: 'K200-B120-K200', flute: 'B', orders: await pick('K200-B120-K200', 1, 6), orderState: 2, created: new Date(now.getTime() - DAY / 4) },
      { state: 1, boardCode: 'K250-B120-C110-C140-K250', flute: 'BC', orders: await pick('K250-B120-C110-C140-K250', 1, 6), orderState: 2, created: new Date(now.getTime() - DAY / 8) },
    ];
    let serial = 0;
    for (const schedule of schedules) {
      const runs = handRuns(schedule.orders, rolls, config);
      const placed = schedule.orders.filter((order) => runs.some((run) => run.lanes.some((lane) => lane.boardOrderId === order.id)));
      if (placed.length === 0) continue;
      serial += 1;
      const totals = planTotals(runs, placed, schedule.flute, config);
      const scheduleNo = `PB${day(schedule.created).replaceAll('-', '')}${pad(serial, 3)}`;
      const { id } = await trx
        .insertInto('board_schedule')
        .values({
          ...base,
          schedule_no: scheduleNo,
          board_code: schedule.boardCode,
          flute: schedule.flute,
          state: schedule.state,
          speed_mpm: totals.speedMpm,
          run_count: totals.runs,
          order_count: totals.orders,
          metres: totals.metres,
          paper_area_m2: totals.paperAreaM2,
          trim_area_m2: totals.trimAreaM2,
          created_by: admin?.id ?? null,
          created_by_name: admin?.nick_name ?? '',
          issued_at: schedule.state > 1 ? new Date(schedule.created.getTime() + 3_600_000) : null,
          created_at: schedule.created,
          updated_at: schedule.created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertRuns(trx, id, runs, placed);
      await trx
        .updateTable('board_order')
        .set({ state: schedule.orderState, schedule_id: id })
        .where('id', 'in', placed.map((order) => order.id))
        .execute();
      const figures = `${totals.orders} 单 ${totals.runs} 刀，${totals.metres} 米，修边 ${totals.trimPct}%（${totals.trimAreaM2}㎡）`;
      const log = (action: string, content: string, at: Date, extra: { before?: string; after?: string } = {}) => ({
        ...base,
        schedule_id: id,
        schedule_no: scheduleNo,
        action,
        user_id: admin?.id ?? null,
        user_name: admin?.nick_name ?? '',
        content,
        before: extra.before ?? '',
        after: extra.after ?? '',
        created_at: at,
      });
      await trx
        .insertInto('board_schedule_log')
        .values([
          log('save', `保存排程 ${scheduleNo}（${schedule.boardCode} ${schedule.flute}）`, schedule.created, { after: figures }),
          ...(schedule.state > 1 ? [log('issue', `下发排程 ${scheduleNo} 到瓦线`, new Date(schedule.created.getTime() + 3_600_000), { after: figures })] : []),
        ])
        .execute();
    }
    await seedHeldChange(trx, scope, now);
  }
}

/**
 * One production order changed after its board went to the line (交期 two days later): its board
 * order on the issued or running schedule keeps its values and shows the change held back, as
 * followProductionOrder leaves it.
 */
async function seedHeldChange(trx: Db, scope: Scope, now: Date): Promise<void> {
  const held = await trx
    .selectFrom('board_order as b')
    .innerJoin('board_schedule as s', 's.id', 'b.schedule_id')
    .innerJoin('production_order as o', 'o.id', 'b.production_order_id')
    .select(['b.id', 'b.order_no', 'o.id as orderId', 's.id as scheduleId', 's.schedule_no', 's.state', sql<string>`to_char(b.due_date, 'YYYY-MM-DD')`.as('due')])
    .where('b.enterprise_id', '=', scope.enterpriseId)
    .where('b.org_id', '=', scope.orgId)
    .where('s.state', 'in', [2, 3])
    .orderBy('s.state')
    .orderBy('b.id')
    .executeTakeFirst();
  if (!held) return;
  const later = day(new Date(new Date(`${held.due}T00:00:00`).getTime() + 2 * DAY));
  await trx.updateTable('production_order').set({ delivery_date: later }).where('id', '=', held.orderId).execute();
  const note = `交期 ${held.due}→${later}`;
  await trx.updateTable('board_order').set({ change_note: note, changed_at: now }).where('id', '=', held.id).execute();
  await trx
    .insertInto('board_schedule_log')
    .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, schedule_id: held.scheduleId, schedule_no: held.schedule_no, action: 'follow', user_name: '系统管理员', content: `排程 ${held.schedule_no}${BOARD_SCHEDULE_STATE.label(held.state)}，纸板订单 ${held.order_no} 未跟随生产订单变更：${note}`, created_at: now })
    .execute();
}
