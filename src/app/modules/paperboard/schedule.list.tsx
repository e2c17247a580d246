import { PaperboardAuthorities as A } from '@core/access/authorities/paperboard';
import { BOARD_SCHEDULE_STATE, type BoardSchedule } from '@core/contracts/paperboard';
import type { ListSpec } from '@app/components';
import { boardSchedulesApi } from './paperboard.api';

export const SCHEDULE_STATE_COLORS: Record<number, string> = { 1: 'default', 2: 'blue', 3: 'green', 4: 'cyan', 5: 'red' };
const STATE_OPTIONS = BOARD_SCHEDULE_STATE.options.map((option) => ({ ...option, color: SCHEDULE_STATE_COLORS[option.value] }));

/** 排产单: schedules with their figures; open, issue, cancel, copy, run sheet. `open` goes to 排产明细. */
export function scheduleList(open: (id: number) => void): ListSpec<BoardSchedule> {
  return {
    rowKey: 'id',
    columns: [
      { prop: 'scheduleNo', label: '排程号', filter: { type: 'input' }, sortable: true, width: 140 },
      { prop: 'boardCode', label: '纸板编码', filter: { type: 'input' }, width: 196, render: (row) => `${row.boardCode}（${row.flute}）` },
      { prop: 'state', label: '状态', type: 'tag', options: STATE_OPTIONS, filter: { type: 'select', multiple: true }, width: 76 },
      { prop: 'runCount', label: '刀数/订单', width: 90, render: (row) => `${row.runCount} / ${row.orderCount}` },
      { prop: 'metres', label: '米数', type: 'number', sortable: true, width: 86 },
      { prop: 'trimAreaM2', label: '修边（㎡）', type: 'number', sortable: true, width: 96 },
      { prop: 'trimPct', label: '修边率', width: 76, render: (row) => `${row.trimPct.toFixed(2)}%` },
      { prop: 'minutes', label: '用时（分）', type: 'number', width: 86 },
      { prop: 'createTime', label: '创建时间', type: 'date', dateFormat: 'date', sortable: true, width: 100 },
    ],
    filters: [{ prop: 'createTime', label: '创建时间', type: 'daterange' }],
    fetch: boardSchedulesApi.list,
    visibleRowActions: 3,
    rowActions: [
      { key: 'open', label: '明细', run: (row) => open(row.id) },
      { key: 'issue', label: '下发', authority: A.issue, when: (row) => row.state === 1, confirm: (row) => `确定将排程 ${row.scheduleNo} 下发到瓦线吗？下发后不能再调整。`, success: '下发成功', run: (row) => boardSchedulesApi.issue(row.id) },
      { key: 'sheet', label: '导出', authority: A.export, success: false, run: (row) => void boardSchedulesApi.runSheet(row).catch(() => undefined) },
      { key: 'cancel', label: '取消', danger: true, authority: A.cancel, when: (row) => row.state === 1 || row.state === 2, confirm: (row) => `确定取消排程 ${row.scheduleNo} 吗？其订单将回到待排。`, success: '取消成功', run: (row) => boardSchedulesApi.cancel(row.id) },
      { key: 'copy', label: '复制', authority: A.copy, success: '复制成功', run: (row) => boardSchedulesApi.copy(row.id) },
    ],
  };
}
