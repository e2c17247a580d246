import { Typography } from 'antd';
import { MACHINE_LOG_LEVEL, type MachineLog } from '@core/contracts/device-ledger';
import { columnOf, type ListSpec } from '@app/components';
import { machineLogApi } from './device-ledger.api';
import { MACHINE_LOG } from './device-ledger.fields';

const LEVEL_COLORS: Record<number, string> = { 1: 'blue', 2: 'orange', 3: 'red' };
export const LEVEL_OPTIONS = MACHINE_LOG_LEVEL.options.map((option) => ({ ...option, color: LEVEL_COLORS[option.value] }));

/** 一体机异常: what the factory's 一体机 reported, newest first (read-only). */
export function machineLogList(machines: Array<{ value: string; label: string }>): ListSpec<MachineLog> {
  return {
    rowKey: 'id',
    columns: [
      { ...columnOf(MACHINE_LOG.occurredAt), type: 'date', dateFormat: 'datetime', sortable: true, width: 160 },
      { ...columnOf(MACHINE_LOG.machineName), width: 160, filter: { prop: 'machineId', type: 'select', multiple: true, options: machines }, render: (row) => `${row.machineName}（${row.machineCode}）` },
      { ...columnOf(MACHINE_LOG.level), type: 'tag', options: LEVEL_OPTIONS, filter: { type: 'select', multiple: true }, sortable: true, width: 80 },
      { ...columnOf(MACHINE_LOG.code), width: 100 },
      { ...columnOf(MACHINE_LOG.message), filter: { type: 'input' }, width: 240 },
      { ...columnOf(MACHINE_LOG.deviceNo), width: 90 },
      { ...columnOf(MACHINE_LOG.detail), width: 260, render: (row) => <Typography.Text ellipsis={{ tooltip: row.detail }} style={{ maxWidth: 244 }}>{row.detail}</Typography.Text> },
    ],
    filters: [{ prop: 'occurredAt', label: '异常时间', type: 'daterange' }],
    fetch: machineLogApi.list,
  };
}
