import { operationDoneQty, overReportLimit, reportTolerancePercent } from '@core/contracts/work-order/report';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { seededRandom } from '../../domain/rng';
import { enterpriseSections } from '../sys-cfg';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const stem = (date: Date) => `BG${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;

interface DraftReport {
  operationIndex: number;
  good: number;
  defects: Array<{ id: number; name: string; qty: number }>;
  inspect: number;
  start: Date;
  end: Date;
  audit: 1 | 2 | 3;
  over: boolean;
}

/**
 * Work reports over the past month for the demo orders that are on the floor or done (status 3, 4,
 * 5, 6, 7, 10), in every audit state, then the operation and order quantities derived from the
 * audited ones with the same arithmetic as the review (progress.ts):
 *
 * - 5/6 finished orders: every operation reported and audited up to what it had to deliver (a few
 *   beyond the over-report limit, marked), some reports canceled along the way;
 * - 4/10/7 in production: the operations the order seed ended are audited to done, the started one
 *   partly, with reports still pending (and some canceled);
 * - 3 deployed: pending (and canceled) reports only — the first audited report would start it.
 *
 * Runs after the order seed (it reads the operations it wrote) and the shift seed (teams).
 */
export async function seedWorkReportDemo(trx: Db, enterpriseId: number, orgIds: number[], now: Date): Promise<void> {
  for (const orgId of orgIds) {
    const random = seededRandom(orgId * 104_729);
    const scope = { enterprise_id: enterpriseId, org_id: orgId };
    const between = (low: number, high: number) => low + random() * (high - low);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

    const config = await enterpriseSections(trx, { enterpriseId, orgId });
    const operations = await trx
      .selectFrom('production_order_operation as op')
      .innerJoin('production_order as o', 'o.id', 'op.order_id')
      .leftJoin('process as p', 'p.id', 'op.process_id')
      .leftJoin('device as d', 'd.id', 'op.device_id')
      .select([
        'op.id',
        'op.order_id',
        'op.seq',
        'op.process_id',
        'op.process_name',
        'op.planned_qty',
        'op.waste_qty',
        'op.status',
        'op.issued',
        'op.device_id',
        'd.name as device_name',
        'p.over_report_percent',
        'o.status as order_status',
        'o.under_percent',
        'o.over_percent',
        'o.created_at as order_created',
        'o.completed_at',
      ])
      .where('op.enterprise_id', '=', enterpriseId)
      .where('op.org_id', '=', orgId)
      .where('o.status', 'in', [3, 4, 5, 6, 7, 10])
      .orderBy('op.order_id')
      .orderBy('op.seq')
      .execute();
    if (operations.length === 0) continue;
    const phenomena = await trx.selectFrom('bad_phenomenon').select(['id', 'reason_name', 'process_id']).where('enterprise_id', '=', enterpriseId).where('org_id', '=', orgId).execute();
    const phenomenaOf = new Map<number, Array<{ id: number; name: string }>>();
    for (const row of phenomena) phenomenaOf.set(row.process_id, [...(phenomenaOf.get(row.process_id) ?? []), { id: row.id, name: row.reason_name }]);
    const speeds = await trx
      .selectFrom('device_speed as s')
      .innerJoin('device as d', 'd.id', 's.device_id')
      .select(['s.process_id', 'd.id', 'd.name'])
      .where('d.enterprise_id', '=', enterpriseId)
      .where('d.org_id', '=', orgId)
      .orderBy('d.device_no')
      .execute();
    const teams = await trx.selectFrom('class_team').select(['id', 'name']).where('enterprise_id', '=', enterpriseId).where('org_id', '=', orgId).orderBy('sort').execute();
    const members = await trx.selectFrom('class_team_member as m').innerJoin('app_user as u', 'u.id', 'm.user_id').select(['m.team_id', 'u.id', 'u.nick_name']).execute();
    const factoryUsers = await trx
      .selectFrom('user_org as uo')
      .innerJoin('app_user as u', 'u.id', 'uo.user_id')
      .select(['u.id', 'u.nick_name', 'u.username'])
      .where('uo.enterprise_id', '=', enterpriseId)
      .where('uo.org_id', '=', orgId)
      .where('u.username', 'not in', ['noperm', 'expiring'])
      .orderBy('u.id')
      .execute();
    const admin = factoryUsers.find((user) => user.username === 'admin') ?? factoryUsers[0]!;
    const reporters = factoryUsers.filter((user) => ['operator', 'admin'].includes(user.username));

    const drafts: DraftReport[] = [];
    const reportsOf = (operationIndex: number, total: number, parts: number, window: { from: number; to: number }, audit: () => 1 | 2 | 3) => {
      const operation = operations[operationIndex]!;
      const limit = overReportLimit(operation.planned_qty, reportTolerancePercent(operation.over_percent, operation.over_report_percent, config.reportQuantityConfig.overReportTolerancePercent));
      let reported = drafts.filter((draft) => draft.operationIndex === operationIndex && draft.audit !== 3).reduce((sum, draft) => sum + draft.good, 0);
      let left = total;
      // Each part works within its own share of the window, so a report never ends after it (nor after now).
      const span = Math.max(window.to - window.from, 60_000);
      for (let part = 0; part < parts && left > 0; part += 1) {
        const good = part === parts - 1 ? left : Math.max(1, Math.round((left / (parts - part)) * between(0.7, 1.3)));
        left -= Math.min(good, left);
        const start = new Date(window.from + ((part + random() * 0.5) / parts) * span);
        const end = new Date(Math.min(start.getTime() + between(1, 5) * HOUR, window.from + ((part + 1) / parts) * span));
        const processPhenomena = operation.process_id === null ? [] : (phenomenaOf.get(operation.process_id) ?? []);
        const defectTotal = processPhenomena.length > 0 && random() < 0.7 ? Math.max(1, Math.round(good * between(0.005, 0.04))) : 0;
        const first = defectTotal > 0 ? pick(processPhenomena) : null;
        const second = defectTotal > 3 && processPhenomena.length > 1 && random() < 0.4 ? pick(processPhenomena.filter((item) => item.id !== first!.id)) : null;
        const secondQty = second ? Math.floor(defectTotal / 3) : 0;
        const defects = [
          ...(first ? [{ ...first, qty: defectTotal - secondQty }] : []),
          ...(second && secondQty > 0 ? [{ ...second, qty: secondQty }] : []),
        ];
        const state = audit();
        const over = state !== 3 && reported + good > limit;
        if (state !== 3) reported += good;
        drafts.push({ operationIndex, good, defects, inspect: random() < 0.15 ? Math.round(between(10, 200)) : 0, start, end, audit: state, over });
      }
    };

    let orderStart = 0;
    while (orderStart < operations.length) {
      const orderId = operations[orderStart]!.order_id;
      let orderEnd = orderStart;
      while (orderEnd < operations.length && operations[orderEnd]!.order_id === orderId) orderEnd += 1;
      const first = operations[orderStart]!;
      const status = first.order_status;
      // Reports lie within the past month, after the order was created and before it was finished.
      const until = Math.min(first.completed_at?.getTime() ?? now.getTime() - HOUR, now.getTime() - HOUR);
      const from = Math.min(Math.max(first.order_created.getTime() + 2 * HOUR, now.getTime() - 30 * DAY), until - 2 * HOUR);
      const count = orderEnd - orderStart;
      for (let index = orderStart; index < orderEnd; index += 1) {
        const operation = operations[index]!;
        if (!operation.issued) continue;
        const slice = (until - from) / count;
        const window = { from: from + (index - orderStart) * slice, to: from + (index - orderStart + 1) * slice };
        const deliver = operation.planned_qty - operation.waste_qty;
        const done = operationDoneQty(operation.planned_qty, operation.waste_qty, Number(operation.under_percent));
        const audited = () => 2 as const;
        if (status === 3) {
          if (random() < 0.6) reportsOf(index, Math.round(deliver * between(0.1, 0.4)), 1 + Math.floor(random() * 2), window, () => (random() < 0.15 ? 3 : 1));
          continue;
        }
        const finished = status === 5 || status === 6 || operation.status === 3;
        if (finished) {
          // A few operations went beyond the over-report limit (confirmed at the time, marked).
          const overRun = random() < 0.08;
          const total = overRun ? Math.round(operation.planned_qty * (1.12 + random() * 0.05)) : Math.max(done, Math.round(deliver * between(0.99, 1.02)));
          reportsOf(index, total, 1 + Math.floor(random() * 4), window, audited);
          if (random() < 0.1) reportsOf(index, Math.round(deliver * 0.1), 1, window, () => 3);
        } else if (operation.status === 2) {
          const share = between(0.2, 0.7);
          reportsOf(index, Math.min(done - 1, Math.round(deliver * share)), 1 + Math.floor(random() * 3), window, audited);
          if (random() < 0.7) reportsOf(index, Math.round(deliver * between(0.05, 0.2)), 1 + Math.floor(random() * 2), { from: (window.from + window.to) / 2, to: Math.max(until, window.to) }, () => 1);
          if (random() < 0.15) reportsOf(index, Math.round(deliver * 0.05), 1, window, () => 3);
        } else if (random() < 0.3) {
          reportsOf(index, Math.round(deliver * between(0.05, 0.2)), 1, { from: window.from, to: until }, () => 1);
        }
      }
      orderStart = orderEnd;
    }

    // Numbers per day of the report's end, in time order.
    drafts.sort((a, b) => a.end.getTime() - b.end.getTime());
    const perDay = new Map<string, number>();
    const rows = drafts.map((draft) => {
      const operation = operations[draft.operationIndex]!;
      const day = stem(draft.end);
      const number = (perDay.get(day) ?? 0) + 1;
      perDay.set(day, number);
      const team = pick(teams);
      const teamMembers = members.filter((member) => member.team_id === team?.id);
      const crew: Array<{ id: number; nick_name: string }> = teamMembers.length > 0 ? teamMembers : factoryUsers;
      const operators = [...new Map([pick(crew), ...(random() < 0.4 ? [pick(crew)] : [])].map((user) => [user.id, user])).values()];
      const hour = draft.start.getHours();
      const capable = speeds.filter((speed) => speed.process_id === operation.process_id);
      const device = operation.device_id !== null ? { id: operation.device_id, name: operation.device_name ?? '' } : (capable[0] ?? null);
      const sourceRoll = random();
      const auditedAt = new Date(Math.min(draft.end.getTime() + between(0.5, 12) * HOUR, now.getTime() - 60_000));
      return {
        ...scope,
        report_no: `${day}${pad(number, 4)}`,
        order_id: operation.order_id,
        operation_id: operation.id,
        process_id: operation.process_id,
        process_name: operation.process_name,
        device_id: device?.id ?? null,
        device_name: device?.name ?? '',
        good_qty: draft.good,
        defect_qty: draft.defects.reduce((sum, defect) => sum + defect.qty, 0),
        inspect_qty: draft.inspect,
        start_at: draft.start,
        end_at: draft.end,
        shift: random() < 0.1 ? '' : hour >= 8 && hour < 20 ? 'A' : 'B',
        team_id: team?.id ?? null,
        team_name: team?.name ?? '',
        operator_ids: JSON.stringify(operators.map((user) => user.id)),
        operator_names: operators.map((user) => user.nick_name).join('、'),
        source: sourceRoll < 0.65 ? 1 : sourceRoll < 0.9 ? 2 : 3,
        over_report: draft.over,
        audit_state: draft.audit,
        audited_by: draft.audit === 2 ? admin.id : null,
        audited_at: draft.audit === 2 ? auditedAt : null,
        reported_by: sourceRoll >= 0.65 && sourceRoll < 0.9 ? null : (pick(reporters.length > 0 ? reporters : factoryUsers)?.id ?? null),
        created_at: draft.end,
        updated_at: draft.audit === 1 ? draft.end : auditedAt,
      };
    });

    const ids: number[] = [];
    for (let start = 0; start < rows.length; start += 500) {
      const inserted = await trx.insertInto('work_report').values(rows.slice(start, start + 500)).returning('id').execute();
      ids.push(...inserted.map((row) => row.id));
    }
    const defects = drafts.flatMap((draft, index) => draft.defects.map((defect) => ({ report_id: ids[index]!, bad_phenomenon_id: defect.id, reason_name: defect.name, qty: defect.qty })));
    for (let start = 0; start < defects.length; start += 1000) await trx.insertInto('work_report_defect').values(defects.slice(start, start + 1000)).execute();
    const history = rows.flatMap((row, index) => {
      const reporter = factoryUsers.find((user) => user.id === row.reported_by);
      const created = {
        ...scope,
        report_id: ids[index]!,
        user_id: row.reported_by,
        user_name: reporter?.nick_name ?? '一体机',
        action: 'create',
        content: `报工：良品${row.good_qty}，不良${row.defect_qty}，待检${row.inspect_qty}${row.over_report ? '（超报，已确认）' : ''}`,
        changes: '[]',
        created_at: row.created_at,
      };
      if (row.audit_state === 1) return [created];
      const reviewed = { ...created, user_id: admin.id, user_name: admin.nick_name, action: row.audit_state === 2 ? 'audit' : 'cancel', content: row.audit_state === 2 ? '审核通过' : '作废', created_at: row.updated_at };
      return [created, reviewed];
    });
    for (let start = 0; start < history.length; start += 1000) await trx.insertInto('work_report_history').values(history.slice(start, start + 1000)).execute();

    // Derived quantities, exactly as the review's arithmetic computes them.
    const sums = new Map<number, { good: number; defect: number }>();
    for (const row of rows) {
      if (row.audit_state !== 2) continue;
      const sum = sums.get(row.operation_id) ?? { good: 0, defect: 0 };
      sums.set(row.operation_id, { good: sum.good + row.good_qty, defect: sum.defect + row.defect_qty });
    }
    const lastGood = new Map<number, number>();
    const progressed: Array<{ id: number; good: number; defect: number; status: number }> = [];
    for (const operation of operations) {
      const sum = sums.get(operation.id);
      lastGood.set(operation.order_id, sum?.good ?? 0);
      if (!sum) continue;
      const done = sum.good >= operationDoneQty(operation.planned_qty, operation.waste_qty, Number(operation.under_percent));
      const status = operation.issued && [1, 2, 3].includes(operation.status) ? (done ? 3 : 2) : operation.status;
      progressed.push({ id: operation.id, good: sum.good, defect: sum.defect, status });
    }
    // One statement each (a few thousand single updates took seconds on PGlite).
    if (progressed.length > 0) {
      await sql`update production_order_operation op set good_qty = p.good, defect_qty = p.defect, status = p.status
        from unnest(${progressed.map((row) => row.id)}::bigint[], ${progressed.map((row) => row.good)}::int[],
                    ${progressed.map((row) => row.defect)}::int[], ${progressed.map((row) => row.status)}::int[]) as p(id, good, defect, status)
        where op.id = p.id`.execute(trx);
    }
    const finished = [...lastGood].filter(([, good]) => good > 0);
    if (finished.length > 0) {
      await sql`update production_order o set good_qty = g.good
        from unnest(${finished.map(([orderId]) => orderId)}::bigint[], ${finished.map(([, good]) => good)}::int[]) as g(id, good)
        where o.id = g.id`.execute(trx);
    }
  }
}
