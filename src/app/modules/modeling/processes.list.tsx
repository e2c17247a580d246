import type { Process, ProcessGroup } from '@core/contracts/modeling';
import type { ListSpec } from '../../components';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { processesApi, processGroupsApi } from './modeling.api';

const yesNo = (value: boolean) => (value ? '是' : '否');

/** 工序: code, name, group, prepare (changeover) time, quantity config and report rules. */
export function processList(groups: { value: string; label: string }[], openEditor: (row?: Process) => void): ListSpec<Process> {
  return {
    rowKey: 'id',
    defaultSort: { field: 'sort', direction: 'asc' },
    columns: [
      { prop: 'processCode', label: '工序编码', filter: { type: 'input' }, sortable: true, width: 110 },
      { prop: 'processName', label: '工序名称', filter: { type: 'input' }, sortable: true, width: 140 },
      { prop: 'processGroupName', label: '工序组', width: 110, filter: { prop: 'processGroupId', type: 'select', multiple: true, options: groups } },
      { prop: 'prepareMinutes', label: '准备时间（分钟）', type: 'number', sortable: true, width: 150 },
      { prop: 'quantityUnit', label: '计量单位', width: 90 },
      { prop: 'overReportPercent', label: '超报比例', width: 90, render: (row) => `${row.overReportPercent}%` },
      { prop: 'reportByPrevious', label: '按上道工序报工', width: 130, render: (row) => yesNo(row.reportByPrevious) },
      { prop: 'requireFirstCheck', label: '需要首检', width: 90, render: (row) => yesNo(row.requireFirstCheck) },
      { prop: 'requireBadReason', label: '需要不良原因', width: 110, render: (row) => yesNo(row.requireBadReason) },
      { prop: 'allowMultiOperator', label: '允许多人报工', width: 110, render: (row) => yesNo(row.allowMultiOperator) },
    ],
    fetch: processesApi.list,
    toolbar: [{ key: 'add', label: '新增工序', primary: true, authority: A.processAdd, run: () => openEditor() }],
    rowActions: [
      { key: 'edit', label: '编辑', authority: A.processEdit, run: (row) => openEditor(row) },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        authority: A.processDelete,
        confirm: (row) => `确定删除工序「${row.processName}」吗？`,
        run: (row) => processesApi.remove([row.id]),
      },
    ],
  };
}

/** 工序组: groups of processes with their process counts. */
export function processGroupList(openEditor: (row?: ProcessGroup) => void, onChanged: () => void): ListSpec<ProcessGroup> {
  return {
    rowKey: 'id',
    urlState: false,
    defaultSort: { field: 'sort', direction: 'asc' },
    columns: [
      { prop: 'groupName', label: '工序组名称', filter: { type: 'input' }, sortable: true, width: 160 },
      { prop: 'processCount', label: '工序数量', type: 'number', width: 100 },
      { prop: 'sort', label: '排序', type: 'number', sortable: true, width: 80 },
      { prop: 'remark', label: '备注', width: 200 },
    ],
    fetch: processGroupsApi.list,
    toolbar: [{ key: 'add', label: '新增工序组', primary: true, authority: A.groupAdd, run: () => openEditor() }],
    rowActions: [
      { key: 'edit', label: '编辑', authority: A.groupEdit, run: (row) => openEditor(row) },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        authority: A.groupDelete,
        confirm: (row) => `确定删除工序组「${row.groupName}」吗？`,
        run: (row) => processGroupsApi.remove([row.id]).then(onChanged),
      },
    ],
  };
}
