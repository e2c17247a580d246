import { OPERATION_SOURCES, type SysLogEntry } from '@core/contracts/sys-log';
import { SysLogAuthorities as A } from '@core/access/authorities/sys-log';
import type { ListSpec } from '@app/components';
import { sysLogApi } from './sys-log.api';

/** 系统日志: every write (who, when, which action, content, source), filterable and exportable. */
export const sysLogList: ListSpec<SysLogEntry> = {
  rowKey: 'id',
  defaultSort: { field: 'createTime', direction: 'desc' },
  columns: [
    { prop: 'operator', label: '操作人', filter: { type: 'input' }, width: 120 },
    { prop: 'createTime', label: '操作时间', type: 'date', sortable: true, width: 170 },
    // The action's Chinese name (from its route's authority); the raw path only on hover.
    { prop: 'operationName', label: '操作', filter: { type: 'input' }, width: 200, render: (row) => <span title={row.operationPath}>{row.operationName}</span> },
    { prop: 'operationContent', label: '操作内容', filter: { type: 'input' }, width: 360 },
    { prop: 'operationSource', label: '来源', type: 'enum', options: OPERATION_SOURCES.map(({ value, label }) => ({ value, label })), filter: { type: 'select' }, width: 90 },
  ],
  filters: [{ prop: 'createTime', label: '操作时间', type: 'daterange' }],
  fetch: sysLogApi.list,
  exporter: { authority: A.export, run: sysLogApi.exportFile },
};
