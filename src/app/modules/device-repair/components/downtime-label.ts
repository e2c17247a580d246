import dayjs from 'dayjs';
import { DEVICE_STATUS } from '@core/enums';
import type { RepairDowntime } from '@core/contracts/device-repair';

const TIME = 'YYYY-MM-DD HH:mm:ss';
const at = (ms: number) => dayjs(ms).format(TIME);

/** A downtime record as the editor's picker and the drawer name it: 故障 · 电机过热 · start 至 end. */
export const downtimeLabel = (record: RepairDowntime) =>
  `${DEVICE_STATUS.label(record.status)} · ${record.reason ?? '未填原因'} · ${at(record.start)} 至 ${record.end === null ? '今（仍在停机）' : at(record.end)}`;

/** A link whose record the timeline no longer has (rewritten by late machine events). */
export const missingDowntimeLabel = (start: number) => `停机记录已不存在（原开始时间 ${at(start)}）`;
