import type { CreateProcessGroupRequest, CreateProcessRequest, Process, ProcessGroup } from '@core/contracts/modeling';
import { columnOf, editorActions, type ListSpec } from '@app/components';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { processesApi, processGroupsApi } from './modeling.api';
import { filterOptionsOf, optionsOf } from './components/options';
import { PROCESS, PROCESS_GROUP } from './modeling.fields';
import { PROCESS_FIELDS, PROCESS_GROUP_FIELDS } from './modeling.forms';

const NEW_PROCESS: Partial<CreateProcessRequest> = {
  prepareMinutes: 0,
  quantityUnit: '张',
  overReportPercent: 0,
  setupWasteQty: 0,
  runningWastePercent: 0,
  reportByPrevious: false,
  requireFirstCheck: false,
  requireBadReason: false,
  allowMultiOperator: false,
  sort: 0,
};

const yesNo = (value: boolean) => (value ? '是' : '否');

/** 工序: code, name, group, prepare (changeover) time, quantity config and report rules. */
export function processList(groups: readonly ProcessGroup[]): ListSpec<Process> {
  return {
    rowKey: 'id',
    defaultSort: { field: 'sort', direction: 'asc' },
    columns: [
      { ...columnOf(PROCESS.processCode), filter: { type: 'input' }, sortable: true, width: 110 },
      { ...columnOf(PROCESS.processName), filter: { type: 'input' }, sortable: true, width: 140 },
      { ...columnOf(PROCESS.processGroupName), width: 110, filter: { prop: 'processGroupId', type: 'select', multiple: true, options: filterOptionsOf(groups, (row) => row.groupName) } },
      { ...columnOf(PROCESS.prepareMinutes), type: 'number', sortable: true, width: 150 },
      { ...columnOf(PROCESS.quantityUnit), width: 90 },
      { ...columnOf(PROCESS.overReportPercent), width: 90, render: (row) => `${row.overReportPercent}%` },
      { prop: 'setupWasteQty', label: '损耗（准备+运行）', width: 130, render: (row) => `${row.setupWasteQty}张 + ${row.runningWastePercent}%` },
      { ...columnOf(PROCESS.reportByPrevious), width: 130, render: (row) => yesNo(row.reportByPrevious) },
      { ...columnOf(PROCESS.requireFirstCheck), width: 90, render: (row) => yesNo(row.requireFirstCheck) },
      { ...columnOf(PROCESS.requireBadReason), width: 110, render: (row) => yesNo(row.requireBadReason) },
      { ...columnOf(PROCESS.allowMultiOperator), width: 110, render: (row) => yesNo(row.allowMultiOperator) },
    ],
    fetch: processesApi.list,
    ...editorActions({ noun: '工序', authorities: [A.processAdd, A.processEdit, A.processDelete], name: (row) => row.processName, remove: (row) => processesApi.remove([row.id]) }),
    editor: {
      noun: '工序',
      fields: PROCESS_FIELDS,
      initial: (row) => row ?? NEW_PROCESS,
      options: { processGroupId: optionsOf(groups, (row) => row.groupName) },
      save: (values: CreateProcessRequest, row) =>
        row ? processesApi.update({ ...values, processGroupId: values.processGroupId ?? null, id: row.id }) : processesApi.create(values),
    },
  };
}

/** 工序组: groups of processes with their process counts; `onChanged` after a save or delete (the process list's pickers). */
export function processGroupList(onChanged: () => void): ListSpec<ProcessGroup> {
  return {
    rowKey: 'id',
    urlState: false,
    defaultSort: { field: 'sort', direction: 'asc' },
    columns: [
      { ...columnOf(PROCESS_GROUP.groupName), filter: { type: 'input' }, sortable: true, width: 160 },
      { ...columnOf(PROCESS_GROUP.processCount), type: 'number', width: 100 },
      { ...columnOf(PROCESS_GROUP.sort), type: 'number', sortable: true, width: 80 },
      { ...columnOf(PROCESS_GROUP.remark), width: 200 },
    ],
    fetch: processGroupsApi.list,
    ...editorActions({ noun: '工序组', authorities: [A.groupAdd, A.groupEdit, A.groupDelete], name: (row) => row.groupName, remove: (row) => processGroupsApi.remove([row.id]).then(onChanged) }),
    editor: {
      noun: '工序组',
      fields: PROCESS_GROUP_FIELDS,
      initial: (row) => row ?? { sort: 0 },
      save: (values: CreateProcessGroupRequest, row) =>
        (row ? processGroupsApi.update({ ...values, id: row.id }) : processGroupsApi.create(values)).then(onChanged),
    },
  };
}
