import { CARE_STATE, type CareItemRequest, type CareKind } from '@core/contracts/device-care';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { seededRandom } from '../../domain/rng';
import { formatDateTime } from '../../lib/datetime';
import { activePeople, num } from '../../lib/rows';
import { insertRepair } from '../device-repair';
import { generateOrders } from './generator';

const HOUR = 3_600_000;
const DAYS = 30;

type SeedItem = CareItemRequest;
const range = (itemName: string, method: string, min: number | null, max: number | null, unit: string, photoRequired = false): SeedItem => ({
  itemName,
  method,
  standard: '',
  valueKind: 'range',
  min,
  max,
  unit,
  photoRequired,
});
const yesNo = (itemName: string, method: string, standard: string, photoRequired = false): SeedItem => ({ itemName, method, standard, valueKind: 'yesno', normalYes: true, photoRequired });

const SCHEMES: Record<CareKind, Array<{ name: string; items: SeedItem[] }>> = {
  check: [
    {
      name: '生产设备日常点检',
      items: [
        range('主气压', '看气压表', 0.5, 0.7, 'MPa'),
        yesNo('润滑油位', '目视油标', '油位在上下刻度之间'),
        range('主电机温度', '红外测温枪', null, 70, '℃'),
        yesNo('安全防护门联锁', '打开防护门试机', '打开即停机'),
        yesNo('急停按钮', '按下急停', '按下后立即停机'),
      ],
    },
    {
      name: '班前点检',
      items: [yesNo('传动部位无异响', '试机听诊', '无异常声响'), range('液压系统压力', '看压力表', 10, 14, 'MPa'), yesNo('台面及导轨清洁', '目视', '无纸屑油污', true)],
    },
  ],
  maintenance: [
    {
      name: '周保养（传动润滑）',
      items: [yesNo('链条加注润滑脂', '油枪加注', '各链条均匀加注', true), range('皮带张紧度', '按压皮带中部测挠度', 8, 12, 'mm'), yesNo('清理导轨积尘', '气枪吹扫', '无积尘')],
    },
    {
      name: '月度保养（电气）',
      items: [yesNo('电柜除尘', '断电后吹扫', '柜内无积尘', true), yesNo('接线端子紧固', '逐个检查紧固', '无松动、无发热变色'), range('主电机绝缘电阻', '兆欧表测量', 0.5, null, 'MΩ')],
    },
    {
      name: '运行120小时保养',
      items: [yesNo('更换液压油滤芯', '按保养手册更换', '滤芯已更换', true), yesNo('液压油位', '目视油标', '油位正常'), range('主轴承温度', '红外测温枪', null, 65, '℃')],
    },
  ],
};

interface SeedPlan {
  kind: CareKind;
  name: string;
  scheme: number;
  cycle: string;
  devices: number[];
  runHours?: number;
  /** Index into the factory's staff; -1: the admin. */
  assignee: number;
}

const PLANS: SeedPlan[] = [
  { kind: 'check', name: '主机日常点检', scheme: 0, cycle: 'daily', devices: [0, 1, 2], assignee: -1 },
  { kind: 'check', name: '每班点检', scheme: 1, cycle: 'shift', devices: [3, 4], assignee: 0 },
  { kind: 'maintenance', name: '每周传动润滑', scheme: 0, cycle: 'weekly', devices: [0, 1, 2], assignee: -1 },
  { kind: 'maintenance', name: '月度电气保养', scheme: 1, cycle: 'monthly', devices: [0, 3], assignee: 1 },
  { kind: 'maintenance', name: '液压系统120小时保养', scheme: 2, cycle: 'runHours', runHours: 120, devices: [1, 2], assignee: -1 },
];

/**
 * A month of 点检 and 保养 in both factories: schemes, plans on the factory's devices (some the
 * admin's), the orders the generator makes day by day (run-hours ones from the status timeline, so
 * this runs after the device-status seed), most of the past ones done — a few with abnormal items,
 * two of them raising a repair order — some left overdue, and today's partly under way.
 */
export async function seedDeviceCareDemo(trx: Db, enterpriseId: number, orgIds: number[], now: Date): Promise<void> {
  for (const orgId of orgIds) {
    const random = seededRandom(orgId * 7 + 22);
    const people = await activePeople(trx, enterpriseId, orgId);
    const admin = people.find((person) => person.username === 'admin') ?? people[0];
    if (!admin) continue;
    const staff = people.filter((person) => person.username.startsWith('staff'));
    const others = staff.length > 0 ? staff : people.filter((person) => person !== admin);
    const devices = await trx.selectFrom('device').select(['id']).where('enterprise_id', '=', enterpriseId).where('org_id', '=', orgId).orderBy('device_no').execute();
    if (devices.length === 0) continue;
    const scope = { enterprise_id: enterpriseId, org_id: orgId };
    const start = new Date(now.getTime() - DAYS * 24 * HOUR);
    const startDate = formatDateTime(start).slice(0, 10);

    const schemeIds: Record<CareKind, number[]> = { check: [], maintenance: [] };
    for (const kind of ['check', 'maintenance'] as const) {
      for (const scheme of SCHEMES[kind]) {
        const { id } = await trx.insertInto('care_scheme').values({ ...scope, kind, name: scheme.name, created_at: start, updated_at: start }).returning('id').executeTakeFirstOrThrow();
        await trx
          .insertInto('care_scheme_item')
          .values(
            scheme.items.map((item, index) => ({
              scheme_id: id,
              seq: index + 1,
              name: item.itemName,
              method: item.method ?? '',
              standard: item.standard ?? '',
              value_kind: item.valueKind,
              min_value: item.min ?? null,
              max_value: item.max ?? null,
              unit: item.unit ?? '',
              normal_yes: item.normalYes ?? true,
              photo_required: item.photoRequired ?? false,
            })),
          )
          .execute();
        schemeIds[kind].push(id);
      }
    }
    for (const plan of PLANS) {
      const assignee = plan.assignee < 0 ? admin : (others[plan.assignee % Math.max(1, others.length)] ?? admin);
      const { id } = await trx
        .insertInto('care_plan')
        .values({
          ...scope,
          kind: plan.kind,
          name: plan.name,
          scheme_id: schemeIds[plan.kind][plan.scheme]!,
          cycle: plan.cycle,
          run_hours: plan.runHours ?? null,
          shift_ids: '[]',
          assignee_id: assignee.id,
          assignee_name: assignee.name,
          active: true,
          start_date: startDate,
          created_at: start,
          updated_at: start,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const planDevices = [...new Set(plan.devices.map((index) => devices[index % devices.length]!.id))];
      await trx.insertInto('care_plan_device').values(planDevices.map((deviceId) => ({ plan_id: id, device_id: deviceId }))).execute();
    }

    // The generator, day by day: late each evening, and once now.
    const factory = { enterpriseId, orgId };
    for (let day = 0; day <= DAYS; day++) {
      const evening = new Date(start.getFullYear(), start.getMonth(), start.getDate() + day, 23, 30);
      const at = evening < now ? evening : now;
      for (const kind of ['check', 'maintenance'] as const) await generateOrders(trx, factory, kind, at);
      if (at === now) break;
    }

    // What people did with them.
    const orders = await trx
      .selectFrom('care_order')
      .select(['id', 'kind', 'order_no', 'device_id', 'period_start', 'due_time', 'assignee_id', 'assignee_name'])
      .where('enterprise_id', '=', enterpriseId)
      .where('org_id', '=', orgId)
      .orderBy('due_time')
      .execute();
    const items = await trx
      .selectFrom('care_order_item as i')
      .innerJoin('care_order as o', 'o.id', 'i.order_id')
      .select(['i.id', 'i.order_id', 'i.name', 'i.value_kind', 'i.min_value', 'i.max_value', 'i.unit'])
      .where('o.enterprise_id', '=', enterpriseId)
      .where('o.org_id', '=', orgId)
      .execute();
    const itemsOf = new Map<number, typeof items>();
    for (const item of items) itemsOf.set(item.order_id, [...(itemsOf.get(item.order_id) ?? []), item]);
    let repairs = 0;
    // Written together after the loop: one statement each instead of one per row.
    const itemResults = new Map<number, { value: number | null; yes: boolean | null; normal: boolean; remark: string; repairId: number | null }>();
    const orderResults: Array<{ id: number; state: number; executorId: number | null; executorName: string; finish: Date | null; updatedAt: Date }> = [];
    for (const order of orders) {
      const past = order.due_time < now;
      const begun = order.period_start.getTime() < now.getTime() - HOUR;
      const roll = random();
      const state = past ? (roll < 0.88 ? CARE_STATE.done : CARE_STATE.due) : begun ? (roll < 0.3 ? CARE_STATE.done : roll < 0.5 ? CARE_STATE.doing : CARE_STATE.due) : CARE_STATE.due;
      if (state === CARE_STATE.due) continue;
      const span = Math.max(HOUR, Math.min(now.getTime(), order.due_time.getTime()) - order.period_start.getTime());
      const finish = new Date(order.period_start.getTime() + span * (0.2 + random() * 0.6));
      const own = itemsOf.get(order.id) ?? [];
      const answered = state === CARE_STATE.done ? own : own.slice(0, Math.ceil(own.length / 2));
      let abnormalItem: (typeof items)[number] | null = null;
      for (const item of answered) {
        const abnormal = random() < 0.04;
        const result = resultOf(item, abnormal, random);
        if (abnormal) abnormalItem = item;
        itemResults.set(item.id, { value: result.value, yes: result.yes, normal: !abnormal, remark: abnormal ? '已通知维修' : '', repairId: null });
      }
      orderResults.push({
        id: order.id,
        state,
        executorId: order.assignee_id,
        executorName: order.assignee_name,
        finish: state === CARE_STATE.done ? finish : null,
        updatedAt: finish,
      });
      if (abnormalItem && order.device_id !== null && repairs < 2 && order.assignee_id !== null) {
        repairs += 1;
        const noun = order.kind === 'check' ? '点检' : '保养';
        const repair = await insertRepair(
          trx,
          { enterpriseId, orgId, userId: order.assignee_id },
          {
            deviceId: order.device_id,
            faultTime: formatDateTime(finish),
            faultDescription: `${noun}异常：${abnormalItem.name}超出正常范围`,
            reporterId: order.assignee_id,
            remark: `来自${noun}工单 ${order.order_no}`,
          },
          { path: 'seed', source: 1, system: 12 },
          finish,
        );
        itemResults.get(abnormalItem.id)!.repairId = repair.id;
      }
    }
    if (itemResults.size > 0) {
      const rows = [...itemResults];
      await sql`update care_order_item i set value = r.value, yes = r.yes, normal = r.normal, remark = r.remark, repair_id = r.repair_id
        from unnest(${rows.map(([id]) => id)}::bigint[], ${rows.map(([, row]) => row.value)}::numeric[], ${rows.map(([, row]) => row.yes)}::boolean[],
                    ${rows.map(([, row]) => row.normal)}::boolean[], ${rows.map(([, row]) => row.remark)}::text[], ${rows.map(([, row]) => row.repairId)}::bigint[])
          as r(id, value, yes, normal, remark, repair_id)
        where i.id = r.id`.execute(trx);
    }
    if (orderResults.length > 0) {
      await sql`update care_order o set state = r.state, executor_id = r.executor_id, executor_name = r.executor_name, finish_time = r.finish_time, updated_at = r.updated_at
        from unnest(${orderResults.map((row) => row.id)}::bigint[], ${orderResults.map((row) => row.state)}::int[], ${orderResults.map((row) => row.executorId)}::bigint[],
                    ${orderResults.map((row) => row.executorName)}::text[], ${orderResults.map((row) => row.finish?.toISOString() ?? null)}::timestamptz[], ${orderResults.map((row) => row.updatedAt.toISOString())}::timestamptz[])
          as r(id, state, executor_id, executor_name, finish_time, updated_at)
        where o.id = r.id`.execute(trx);
    }
  }
}

/** A believable reading: inside the range when normal, a little outside it when not. */
function resultOf(item: { value_kind: string; min_value: string | null; max_value: string | null }, abnormal: boolean, random: () => number) {
  if (item.value_kind === 'yesno') return { yes: !abnormal, value: null };
  const min = num(item.min_value);
  const max = num(item.max_value);
  const low = min ?? (max ?? 1) * 0.5;
  const high = max ?? (min ?? 1) * 3;
  const width = high - low || 1;
  const value = abnormal ? (max !== null ? high + width * (0.05 + random() * 0.2) : low - width * (0.05 + random() * 0.1)) : low + width * (0.1 + random() * 0.8);
  return { value: Math.round(value * 100) / 100, yes: null };
}
