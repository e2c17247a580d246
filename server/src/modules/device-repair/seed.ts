import type { Db } from '../../db';
import { activePeople } from '../../lib/rows';
import { REPAIR_STATE, type RepairState } from '../../domain/device-status/repair';

const HOUR = 3_600_000;

/** Faults a maintenance log of a carton/board plant is full of, with what was done. */
const FAULTS: ReadonlyArray<{ text: string; remark: string; cost: number }> = [
  { text: '主电机异响，运行中振动明显', remark: '更换轴承后试机正常', cost: 680 },
  { text: '印刷套印不准，横向偏差约2mm', remark: '调整相位并紧固传动齿轮', cost: 0 },
  { text: '开槽刀磨损，槽口毛边', remark: '更换开槽刀', cost: 320 },
  { text: '模切压力不均，部分刀线切不透', remark: '更换胶垫并重新垫版', cost: 450 },
  { text: '输送皮带跑偏打滑', remark: '更换皮带并调整张紧', cost: 260 },
  { text: '打包带送带卡带', remark: '清理导轨，更换打包带卷', cost: 90 },
  { text: '瓦楞辊温度上不去，纸板粘合不良', remark: '检修蒸汽疏水阀', cost: 1200 },
  { text: '横切刀切断不齐', remark: '更换横切刀片并校正', cost: 980 },
  { text: 'PLC报警：急停回路断开', remark: '急停按钮触点氧化，已处理', cost: 60 },
  { text: '网纹辊堵墨，印刷发花', remark: '清洗网纹辊', cost: 150 },
];

/** The states the demo orders end in: every state, most of them finished, one rejected once. */
const PLAN: ReadonlyArray<{ state: RepairState; rejectedOnce?: boolean; daysAgo: number }> = [
  { state: REPAIR_STATE.finished, daysAgo: 27 },
  { state: REPAIR_STATE.finished, daysAgo: 22 },
  { state: REPAIR_STATE.finished, daysAgo: 18 },
  { state: REPAIR_STATE.finished, rejectedOnce: true, daysAgo: 13 },
  { state: REPAIR_STATE.finished, daysAgo: 9 },
  { state: REPAIR_STATE.pendingAcceptance, daysAgo: 4 },
  { state: REPAIR_STATE.pendingAcceptance, daysAgo: 2 },
  { state: REPAIR_STATE.processing, rejectedOnce: true, daysAgo: 3 },
  { state: REPAIR_STATE.processing, daysAgo: 1 },
  { state: REPAIR_STATE.pending, daysAgo: 0 },
  { state: REPAIR_STATE.pending, daysAgo: 0 },
];

const pad = (value: number) => String(value).padStart(2, '0');
const day = (date: Date) => `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;

interface Person {
  id: number;
  username: string;
  name: string;
}

/**
 * Repair orders in every state for both factories over the last month, on their devices, with
 * parts taken from the devices' stock (the stock is lowered to match) and their state history; and
 * two group-chat robots per factory (one enabled). Runs after the account and modeling seeds.
 */
export async function seedDeviceRepairDemo(trx: Db, enterpriseId: number, orgIds: number[], now = new Date()): Promise<void> {
  for (const [factoryIndex, orgId] of orgIds.entries()) {
    const scope = { enterprise_id: enterpriseId, org_id: orgId };
    await trx
      .insertInto('repair_webhook')
      .values([
        { ...scope, name: '设备维修群', url: `https://oapi.dingtalk.com/robot/send?access_token=demo-repair-${orgId}`, enabled: true, remark: '故障报修即时通知' },
        { ...scope, name: '厂长通知群', url: `https://oapi.dingtalk.com/robot/send?access_token=demo-manager-${orgId}`, enabled: false, remark: '停用：仅重大故障时启用' },
      ])
      .execute();

    const people: Person[] = await activePeople(trx, enterpriseId, orgId);
    const admin = people.find((person) => person.username === 'admin') ?? people[0]!;
    // Repairers and reporters are the factory's staff where it has them (the admin accepts, so never repairs).
    const staff = people.filter((person) => person.username.startsWith('staff'));
    const others = staff.length > 0 ? staff : people.filter((person) => person !== admin);
    const devices = await trx
      .selectFrom('device')
      .select(['id', 'device_no', 'name'])
      .where('enterprise_id', '=', enterpriseId)
      .where('org_id', '=', orgId)
      .orderBy('id')
      .execute();
    const parts = await trx
      .selectFrom('device_spare_part as sp')
      .innerJoin('device as d', 'd.id', 'sp.device_id')
      .select(['sp.id', 'sp.device_id', 'sp.part_no', 'sp.name', 'sp.spec', 'sp.unit', 'sp.quantity'])
      .where('d.enterprise_id', '=', enterpriseId)
      .where('d.org_id', '=', orgId)
      .orderBy('sp.id')
      .execute();
    const stock = new Map(parts.map((part) => [part.id, part.quantity]));
    // Devices with spare parts first, so most orders show parts used.
    const withParts = devices.filter((device) => parts.some((part) => part.device_id === device.id));
    const ordered = [...withParts, ...devices.filter((device) => !withParts.includes(device))];
    const sequence = new Map<string, number>();

    for (const [index, plan] of PLAN.entries()) {
      const device = ordered[(index + factoryIndex) % ordered.length]!;
      const fault = FAULTS[(index + factoryIndex * 3) % FAULTS.length]!;
      const faultTime = new Date(now.getTime() - plan.daysAgo * 24 * HOUR - (3 + ((index * 5) % 9)) * HOUR);
      const reporter = others[(index * 3) % others.length]!;
      const repairers: Person[] = [others[(index * 7 + 1) % others.length]!, ...(index % 3 === 0 && others.length > 2 ? [others[(index * 7 + 2) % others.length]!] : [])].filter(
        (person, position, list) => list.findIndex((other) => other.id === person.id) === position,
      );
      const prefix = `WX${day(faultTime)}`;
      const next = (sequence.get(prefix) ?? 0) + 1;
      sequence.set(prefix, next);
      const reached = plan.state;
      const started = reached !== REPAIR_STATE.pending;
      const finished = reached === REPAIR_STATE.finished;
      const at = (hours: number) => new Date(faultTime.getTime() + hours * HOUR);
      const { id } = await trx
        .insertInto('repair_order')
        .values({
          ...scope,
          repair_no: `${prefix}${String(next).padStart(3, '0')}`,
          device_id: device.id,
          device_no: device.device_no,
          device_name: device.name,
          status: reached,
          fault_time: faultTime,
          fault_description: fault.text,
          reporter_id: reporter.id,
          reporter_name: reporter.name,
          repairer_ids: JSON.stringify(started || index % 2 === 0 ? repairers.map((person) => person.id) : []),
          repairer_names: started || index % 2 === 0 ? repairers.map((person) => person.name).join('、') : '',
          acceptor_id: finished ? admin.id : null,
          acceptor_name: finished ? admin.name : '',
          finish_time: finished ? at(plan.rejectedOnce ? 9 : 5) : null,
          downtime_start: started ? at(0) : null,
          downtime_end: finished ? at(plan.rejectedOnce ? 8 : 4) : null,
          cost: started ? fault.cost : 0,
          remark: finished ? fault.remark : '',
          created_at: at(0.2),
          updated_at: finished ? at(plan.rejectedOnce ? 9 : 5) : at(0.5),
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      // One part of the device taken from stock while the order is under way (never the last one).
      const part = started ? parts.find((candidate) => candidate.device_id === device.id && stock.get(candidate.id)! >= 2) : undefined;
      if (part) {
        stock.set(part.id, stock.get(part.id)! - 1);
        await trx
          .insertInto('repair_part')
          .values({ repair_id: id, spare_part_id: part.id, part_no: part.part_no, part_name: part.name, spec: part.spec, unit: part.unit, quantity: 1 })
          .execute();
      }

      const steps: Array<{ action: string; from: number | null; to: number; hours: number; by: Person; remark?: string }> = [
        { action: '新建', from: null, to: REPAIR_STATE.pending, hours: 0.2, by: reporter },
      ];
      if (started) steps.push({ action: '开始维修', from: REPAIR_STATE.pending, to: REPAIR_STATE.processing, hours: 0.5, by: repairers[0]! });
      if (plan.rejectedOnce) {
        steps.push({ action: '提交验收', from: REPAIR_STATE.processing, to: REPAIR_STATE.pendingAcceptance, hours: 3, by: repairers[0]! });
        steps.push({ action: '验收驳回', from: REPAIR_STATE.pendingAcceptance, to: REPAIR_STATE.processing, hours: 4, by: admin, remark: '试机仍有异响，请复查' });
      }
      if (reached === REPAIR_STATE.pendingAcceptance || finished)
        steps.push({ action: '提交验收', from: REPAIR_STATE.processing, to: REPAIR_STATE.pendingAcceptance, hours: plan.rejectedOnce ? 8 : 4, by: repairers[0]! });
      if (finished) steps.push({ action: '验收通过', from: REPAIR_STATE.pendingAcceptance, to: REPAIR_STATE.finished, hours: plan.rejectedOnce ? 9 : 5, by: admin });
      await trx
        .insertInto('repair_log')
        .values(
          steps.map((step) => ({
            repair_id: id,
            action: step.action,
            from_status: step.from,
            to_status: step.to,
            operator_id: step.by.id,
            operator_name: step.by.name,
            remark: step.remark ?? '',
            created_at: at(step.hours),
          })),
        )
        .execute();
    }

    for (const [partId, quantity] of stock) {
      const original = parts.find((part) => part.id === partId)!.quantity;
      if (quantity !== original) await trx.updateTable('device_spare_part').set({ quantity }).where('id', '=', partId).execute();
    }
  }
}
