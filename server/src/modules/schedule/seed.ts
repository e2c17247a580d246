import type { Db } from '../../db';
import { seededRandom } from '../../domain/rng';
import { ANEW_TIME_REASONS } from '../../lib/anew-time';
import { calculatedWrites, writeTasks } from './apply';
import { calculateHere, prepare } from './calc';
import { canRun, STARTED } from './engine-input';

const HOUR = 3_600_000;

/**
 * A believable schedule on the carton side of each factory, from the seeded orders: the unfinished
 * steps of deployed and producing orders (3, 4) in their machines' queues — started ones first,
 * then by delivery date and urgency — with times calculated by the engine from now; some steps of
 * released orders (2) pre-scheduled on a machine; a few issued tasks left past their planned end
 * (unfinished) and a few flagged with wrong times. Runs after the order and report seeds.
 */
export async function seedCartonSchedule(trx: Db, enterpriseId: number, orgIds: number[], now: Date): Promise<void> {
  const admin = await trx.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirst();
  for (const orgId of orgIds) {
    const scope = { enterpriseId, orgId, userId: admin?.id ?? 0 };
    const random = seededRandom(orgId * 104_729);
    const candidates = await trx
      .selectFrom('production_order_operation as op')
      .innerJoin('production_order as o', 'o.id', 'op.order_id')
      .select(['op.id', 'op.order_id as orderId', 'op.seq', 'op.process_id as processId', 'op.status', 'op.device_id as deviceId', 'o.status as orderStatus', 'o.delivery_date as deliveryDate', 'o.urgency'])
      .where('op.enterprise_id', '=', enterpriseId)
      .where('op.org_id', '=', orgId)
      .where('o.revoked', '=', false)
      .where('o.status', 'in', [2, 3, 4])
      .where('op.status', '<>', 3)
      .orderBy('o.delivery_date')
      .orderBy('o.urgency', 'desc')
      .orderBy('op.order_id')
      .orderBy('op.seq')
      .execute();
    if (candidates.length === 0) continue;
    const { plant } = await prepare(trx, scope, now);
    const machines = [...plant.machines.values()];
    const load = new Map<number, number>();
    const pickMachine = (task: { deviceId: number | null; processId: number | null }) => {
      const own = task.deviceId === null ? undefined : plant.machines.get(task.deviceId);
      if (own && canRun(own, task)) return own.id;
      const able = machines.filter((machine) => canRun(machine, task)).sort((a, b) => (load.get(a.id) ?? 0) - (load.get(b.id) ?? 0));
      return able[0]?.id ?? null;
    };
    const queues = new Map<number, Array<{ id: number; started: boolean }>>();
    const preScheduled: Array<{ id: number; deviceId: number | null }> = [];
    const preOrders = new Set<number>();
    for (const task of candidates) {
      if (task.orderStatus === 2) {
        if (preOrders.has(task.orderId) || random() < 0.2) {
          preOrders.add(task.orderId);
          preScheduled.push({ id: task.id, deviceId: pickMachine(task) });
        }
        continue;
      }
      const deviceId = pickMachine(task);
      if (deviceId === null) continue;
      load.set(deviceId, (load.get(deviceId) ?? 0) + 1);
      queues.set(deviceId, [...(queues.get(deviceId) ?? []), { id: task.id, started: STARTED.includes(task.status) }]);
    }
    for (const [deviceId, queue] of queues) {
      const ordered = [...queue.filter((task) => task.started), ...queue.filter((task) => !task.started)];
      for (const [index, task] of ordered.entries()) {
        await trx
          .updateTable('production_order_operation')
          .set({ device_id: deviceId, queue_pos: index + 1, task_type: task.started ? 4 : 2 })
          .where('id', '=', task.id)
          .execute();
      }
    }
    for (const task of preScheduled) {
      await trx.updateTable('production_order_operation').set({ task_type: 1, device_id: task.deviceId }).where('id', '=', task.id).execute();
    }

    const prepared = await prepare(trx, scope, now);
    await writeTasks(trx, scope, calculatedWrites(prepared.tasks, calculateHere(prepared), 'all'));

    // A few issued tasks at the head of their queues ran late: past their planned end, not reported done.
    const heads = await trx
      .selectFrom('production_order_operation')
      .select(['id', 'device_id'])
      .where('enterprise_id', '=', enterpriseId)
      .where('org_id', '=', orgId)
      .where('status', '=', 1)
      .where('queue_pos', '=', 1)
      .orderBy('id')
      .limit(3)
      .execute();
    for (const [index, head] of heads.entries()) {
      const end = new Date(now.getTime() - (2 + index * 3) * HOUR);
      await trx.updateTable('production_order_operation').set({ planned_start: new Date(end.getTime() - 5 * HOUR), planned_end: end }).where('id', '=', head.id).execute();
    }
    // And two queued tasks whose orders changed after the last calculation.
    const flagged = await trx
      .selectFrom('production_order_operation')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .where('org_id', '=', orgId)
      .where('task_type', '=', 2)
      .where('issued', '=', false)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    if (flagged.length > 0) {
      await trx
        .updateTable('production_order_operation')
        .set({ anew_time_flag: true, anew_time_reason: ANEW_TIME_REASONS.orderEdited })
        .where('id', 'in', flagged.map((row) => row.id))
        .execute();
    }
  }
}
