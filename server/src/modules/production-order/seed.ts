import { sheetSize } from '@core/contracts/work-order/sheet-size';
import type { Db } from '../../db';
import { seededRandom } from '../../domain/rng';
import { operationRows, plannedQuantities } from './order-core';

/** Orders per demo factory: the carton plant is busier than the board plant. */
const ORDERS = { carton: 360, board: 320 } as const;
const DAY = 86_400_000;

/**
 * Status mix of the demo (order status → weight): most orders are released, scheduled or in
 * production; some wait for audit or data, a few are suspended, recycled, done and checked.
 */
const STATUS_WEIGHTS: Array<[number, number]> = [
  [0, 4], [1, 3], [2, 16], [3, 20], [4, 24], [5, 12], [6, 8], [7, 2], [8, 3], [9, 3], [10, 5],
];

/** Every order status (spec §4): each factory's seed holds each of them. */
const ALL_STATUSES = STATUS_WEIGHTS.map(([status]) => status);

/** Statuses of an order not yet produced to the end. */
const OPEN_STATUSES = [0, 1, 2, 3, 4, 8, 9, 10];

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

function pickStatus(random: () => number): number {
  const total = STATUS_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [status, weight] of STATUS_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return status;
  }
  return 2;
}

/** Schedule / issue / production state that go with an order status (spec §4). */
function statesOf(status: number): { schedule: number; issue: number; production: number } {
  switch (status) {
    case 3:
      return { schedule: 2, issue: 1, production: 0 };
    case 4:
    case 10:
      return { schedule: 2, issue: 2, production: 1 };
    case 5:
    case 6:
      return { schedule: 2, issue: 2, production: 3 };
    case 7:
      return { schedule: 2, issue: 2, production: 2 };
    case 9:
      return { schedule: 3, issue: 0, production: 0 };
    default:
      return { schedule: 0, issue: 0, production: 0 };
  }
}

/**
 * Several hundred production orders per factory over the past five weeks and the coming three,
 * across every order status, each from a seeded product with its own copy of the product's flow
 * as operations (planned quantities with process waste). Scheduled orders have machines on their
 * operations (the step's default machine) and some issued; audited quantities are left to the
 * report seed, which derives them from the reports it writes. Runs after modeling and config.
 */
export async function seedProductionOrderDemo(trx: Db, enterpriseId: number, factories: Array<{ orgId: number; board: boolean }>, now: Date): Promise<void> {
  for (const { orgId, board } of factories) {
    const random = seededRandom(orgId * 7919);
    const scope = { enterprise_id: enterpriseId, org_id: orgId };
    const products = await trx
      .selectFrom('product')
      .select(['id', 'product_no', 'name', 'customer_name', 'box_style', 'length_mm', 'width_mm', 'height_mm', 'board_code', 'flute', 'colors', 'process_flow_id', 'score_allowance_mm'])
      .where('enterprise_id', '=', enterpriseId)
      .where('org_id', '=', orgId)
      .where('process_flow_id', 'is not', null)
      .orderBy('id')
      .execute();
    if (products.length === 0) continue;
    const flows = await trx
      .selectFrom('process_flow as f')
      .innerJoin('process_flow_step as s', 's.flow_id', 'f.id')
      .innerJoin('process as p', 'p.id', 's.process_id')
      .select(['f.id as flowId', 'f.name as flowName', 's.seq', 's.default_device_id as deviceId', 'p.id as processId', 'p.name as processName', 'p.setup_waste_qty as setupWaste', 'p.running_waste_percent as runningWaste'])
      .where('f.enterprise_id', '=', enterpriseId)
      .where('f.org_id', '=', orgId)
      .orderBy('s.seq')
      .execute();
    const stepsOf = new Map<number, typeof flows>();
    for (const step of flows) stepsOf.set(step.flowId, [...(stepsOf.get(step.flowId) ?? []), step]);
    const admin = await trx.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirst();

    const count = board ? ORDERS.board : ORDERS.carton;
    const prefix = board ? 'BO' : 'SO';
    /** The order at `index`; `forced`: its status given (drawn with a random of its own). */
    const draftOf = (index: number, random: () => number, forced?: number) => {
      const product = products[Math.floor(random() * products.length)]!;
      const steps = stepsOf.get(product.process_flow_id!) ?? [];
      const created = new Date(now.getTime() - Math.floor((1 - index / count) * 35 * DAY) - Math.floor(random() * DAY));
      const lead = 5 + Math.floor(random() * 20);
      const due = new Date(created.getTime() + lead * DAY);
      // Most orders due more than two days ago are finished; open ones spread around today, a few late.
      const drawn = pickStatus(random);
      const status = forced ?? (due.getTime() < now.getTime() - 2 * DAY && OPEN_STATUSES.includes(drawn) && random() < 0.85 ? (random() < 0.6 ? 6 : 5) : drawn);
      const quantity = Math.round((board ? 800 + random() * 12_000 : 500 + random() * 20_000) / 50) * 50;
      const size = sheetSize(product.box_style, { lengthMm: product.length_mm, widthMm: product.width_mm, heightMm: product.height_mm }, product.flute, product.score_allowance_mm);
      const states = statesOf(status);
      const planned = status === 8 ? [] : plannedQuantities(quantity, steps.map((step) => ({ ...step, runningWastePercent: Number(step.runningWaste) })));
      const urgencyRoll = random();
      return {
        status,
        steps,
        planned,
        row: {
          enterprise_id: enterpriseId,
          org_id: orgId,
          order_no: `${prefix}${day(created).replaceAll('-', '')}${pad(index + 1, 4)}`,
          source: index % 3 === 0 ? 2 : 1,
          erp_order_no: index % 3 === 0 ? `XS${created.getFullYear()}${pad(1000 + index, 5)}` : '',
          erp_line: index % 3 === 0 ? '1' : '',
          erp_version: index % 3 === 0 ? 1 : 0,
          customer_name: product.customer_name || '散客',
          customer_po: random() < 0.6 ? `PO-${pad(Math.floor(random() * 100_000), 6)}` : '',
          product_id: status === 8 ? null : product.id,
          product_no: status === 8 ? '' : product.product_no,
          product_name: product.name,
          box_style: product.box_style,
          length_mm: product.length_mm,
          width_mm: product.width_mm,
          height_mm: product.height_mm,
          board_code: product.board_code,
          flute: product.flute,
          sheet_width_mm: size.widthMm,
          sheet_length_mm: size.lengthMm,
          print_colors: product.colors,
          die_no: product.box_style.startsWith('04') || product.box_style.startsWith('03') ? `DM-${product.product_no}` : '',
          plate_no: product.colors > 0 ? `YB-${product.product_no}-1` : '',
          quantity,
          unit: board ? '张' : '只',
          over_percent: 3,
          under_percent: 3,
          delivery_date: day(due),
          urgency: urgencyRoll < 0.75 ? 0 : urgencyRoll < 0.9 ? 1 : urgencyRoll < 0.97 ? 2 : 3,
          priority: 1 + Math.floor(random() * 4),
          importance: Math.floor(random() * 5),
          flow_id: status === 8 ? null : product.process_flow_id,
          flow_name: status === 8 ? '' : (steps[0]?.flowName ?? ''),
          remark: random() < 0.15 ? '客户要求随货附检验报告' : '',
          status,
          suspended_from: status === 10 ? 4 : null,
          schedule_state: states.schedule,
          issue_state: states.issue,
          production_state: states.production,
          completed_at: status === 5 || status === 6 ? new Date(Math.min(due.getTime(), now.getTime() - DAY)) : null,
          created_by: admin?.id ?? null,
          created_at: created,
          updated_at: created,
        },
      };
    };
    const drafts = Array.from({ length: count }, (_, index) => draftOf(index, random));
    // Every status at least once: a status the draw missed replaces one of the newest orders of the commonest status.
    for (const status of ALL_STATUSES.filter((each) => !drafts.some((draft) => draft.status === each))) {
      const tally = new Map<number, number>();
      for (const draft of drafts) tally.set(draft.status, (tally.get(draft.status) ?? 0) + 1);
      const commonest = [...tally].sort((a, b) => b[1] - a[1])[0]![0];
      const index = drafts.findLastIndex((draft) => draft.status === commonest);
      drafts[index] = draftOf(index, seededRandom(orgId * 7919 + status + 1), status);
    }

    const inserted = await trx.insertInto('production_order').values(drafts.map((draft) => draft.row)).returning('id').execute();
    const operations = drafts.flatMap((draft, index) => {
      const orderId = inserted[index]!.id;
      const scheduled = [3, 4, 5, 6, 7, 10].includes(draft.status);
      return operationRows({ enterpriseId: scope.enterprise_id, orgId: scope.org_id }, orderId, draft.planned).map((row, opIndex) => {
        const deviceId = scheduled ? (draft.steps[opIndex]?.deviceId ?? null) : null;
        // 3 已部署: the first steps issued; later statuses: every step issued, finished ones ended.
        const issued = scheduled && (draft.status !== 3 || opIndex === 0);
        const ended = draft.status === 5 || draft.status === 6 || ((draft.status === 4 || draft.status === 10 || draft.status === 7) && opIndex < draft.planned.length / 2);
        const started = !ended && (draft.status === 4 || draft.status === 10 || draft.status === 7) && opIndex < draft.planned.length / 2 + 1;
        return { ...row, status: ended ? 3 : started ? 2 : issued ? 1 : 0, device_id: deviceId, issued };
      });
    });
    for (let start = 0; start < operations.length; start += 1000) {
      await trx.insertInto('production_order_operation').values(operations.slice(start, start + 1000)).execute();
    }
    await trx
      .insertInto('production_order_history')
      .values(
        drafts.map((draft, index) => ({
          ...scope,
          order_id: inserted[index]!.id,
          user_id: draft.row.source === 2 ? null : (admin?.id ?? null),
          user_name: draft.row.source === 2 ? 'ERP' : '系统管理员',
          action: 'create',
          content: `新增订单${draft.row.order_no}（${draft.row.product_name}，${draft.row.quantity}${draft.row.unit}）`,
          changes: '[]',
          created_at: draft.row.created_at,
        })),
      )
      .execute();
  }
}
