import { DOWNTIME_REASON_DICT } from '@core/contracts/device-status';
import { DEVICE_STATUS_CODE as S, buildTimeline, type DeviceStatus, type StatusEvent } from '../../domain/device-status';
import { seededRandom } from '../../domain/rng';
import type { Db } from '../../db';
import { storedEventKey } from './timeline.store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAYS = 30;

/** The downtime-reason dictionary (系统配置 → 数据字典) people pick from; the machines report the same words. */
export const DOWNTIME_REASONS = ['换单调机', '待料', '交接班', '等待首检', '卡纸', '断纸', '电机过热', '胶辊磨损', '气压不足', '传感器故障', '计划保养'];
const STANDBY_REASONS = ['换单调机', '待料', '交接班', '等待首检'];
const FAULT_REASONS = ['卡纸', '断纸', '电机过热', '胶辊磨损', '气压不足', '传感器故障'];


/**
 * A believable month of status for every device of both factories: runs of a few hours, standby
 * for changeovers and material, faults with their reasons, idle nights now and then; events only
 * where the status changes (the gateways' heartbeats of the past are not kept), and the timeline
 * built from them by domain/device-status without the offline rule for the past. Each device ends
 * in the status the master-data seed gave it (device.status) with a heartbeat at `now`; with no
 * new events it turns 不在线 after DEVICE_OFFLINE_MINUTES (`npm run demo:gateway` keeps the demo
 * factory reporting). Runs after the modeling seed.
 */
export async function seedDeviceStatusDemo(trx: Db, enterpriseId: number, orgIds: number[], now: Date): Promise<void> {
  const end = now.getTime();
  for (const orgId of orgIds) {
    const dict = await trx.insertInto('dict_type').values({ enterprise_id: enterpriseId, org_id: orgId, dict_type: DOWNTIME_REASON_DICT, dict_name: '停机原因' }).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('dict_item')
      .values(DOWNTIME_REASONS.map((label, index) => ({ dict_type_id: dict.id, item_code: `DT${String(index + 1).padStart(2, '0')}`, item_label: label, sort: index + 1 })))
      .execute();

    const devices = await trx.selectFrom('device').select(['id', 'device_no', 'status']).where('enterprise_id', '=', enterpriseId).where('org_id', '=', orgId).orderBy('device_no').execute();
    const eventRows: Array<Record<string, unknown>> = [];
    const segmentRows: Array<Record<string, unknown>> = [];
    for (const [index, device] of devices.entries()) {
      const random = seededRandom(orgId * 1000 + index);
      const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
      const events: StatusEvent[] = [];
      const push = (at: number, status: DeviceStatus, reason: string | null = null) => events.push({ deviceNo: device.device_no, at: Math.round(at), status, reason });
      let at = end - DAYS * 24 * HOUR + random() * HOUR;
      const current = device.status as DeviceStatus;
      const currentSince = end - (current === S.notOnline ? 2 * HOUR : 5 * MINUTE + random() * 3 * HOUR);
      // Runs and stops until the current status begins: nothing after it, nothing in the future.
      const stopBy = currentSince - 10 * MINUTE;
      while (at < stopBy) {
        const roll = random();
        push(at, S.running);
        at += (1 + random() * 4) * HOUR;
        if (at >= stopBy) break;
        if (roll < 0.45) {
          push(at, S.standby, pick(STANDBY_REASONS));
          at += (10 + random() * 60) * MINUTE;
        } else if (roll < 0.65) {
          // A fault now and then; about one in six without a reason (someone fills it in later).
          push(at, S.fault, random() < 0.17 ? null : pick(FAULT_REASONS));
          at += (10 + random() * 150) * MINUTE;
        } else if (roll < 0.8) {
          push(at, S.idle);
          at += (1 + random() * 6) * HOUR;
        } else {
          push(at, S.inUse);
          at += (15 + random() * 45) * MINUTE;
        }
      }
      const reason = current === S.fault ? pick(FAULT_REASONS) : current === S.standby ? pick(STANDBY_REASONS) : current === S.notOnline ? '网关断线' : null;
      push(currentSince, current, reason);
      if (current !== S.notOnline) push(end - 1000, current, reason);
      const segments = buildTimeline(device.device_no, events, { offlineAfterMs: Number.MAX_SAFE_INTEGER, now: end });
      const base = { enterprise_id: enterpriseId, org_id: orgId, device_id: device.id };
      for (const event of events) {
        eventRows.push({ ...base, at: event.at, status: event.status, reason: event.reason ?? null, counter: null, event_id: null, event_key: storedEventKey(event), work_machine_id: null });
      }
      for (const segment of segments) segmentRows.push({ ...base, start_at: segment.start, end_at: segment.end, status: segment.status, reason: segment.reason });
    }
    for (let index = 0; index < eventRows.length; index += 1000) await trx.insertInto('device_status_event').values(eventRows.slice(index, index + 1000) as never).execute();
    for (let index = 0; index < segmentRows.length; index += 1000) await trx.insertInto('device_status_segment').values(segmentRows.slice(index, index + 1000) as never).execute();
  }
}
