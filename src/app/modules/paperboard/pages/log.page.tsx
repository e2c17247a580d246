import { BOARD_LOG_ACTION, type BoardLogEntry } from '@core/contracts/paperboard';
import { ListPage, type ListSpec } from '@app/components';
import { boardLogApi } from '../paperboard.api';

const spec: ListSpec<BoardLogEntry> = {
  rowKey: 'id',
  columns: [
    { prop: 'createTime', label: '时间', type: 'date', sortable: true, width: 150 },
    { prop: 'userName', label: '操作人', filter: { type: 'input' }, width: 90 },
    { prop: 'action', label: '操作', type: 'enum', options: BOARD_LOG_ACTION.options, filter: { type: 'select', multiple: true }, width: 80 },
    { prop: 'scheduleNo', label: '排程号', filter: { type: 'input' }, width: 130 },
    { prop: 'content', label: '内容', width: 280 },
    {
      prop: 'after',
      label: '数据（前 → 后）',
      width: 380,
      render: (row) => (
        <div className="mes-board-log-figures">
          {row.before && <div>前：{row.before}</div>}
          {row.after && <div>{row.before ? '后：' : ''}{row.after}</div>}
        </div>
      ),
    },
  ],
  filters: [{ prop: 'createTime', label: '时间', type: 'daterange' }],
  fetch: boardLogApi.list,
};

/** 排产日志 (/paperboard/log): who ran 试排, saved, edited, issued or cancelled what, with the figures before and after. */
export default function BoardLogPage() {
  return <ListPage spec={spec} />;
}
