import { workFlowInUseMessage, type WorkFlow } from '@core/contracts/modeling';
import { columnOf, editorActions, type ListSpec } from '@app/components';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { workFlowsApi } from './modeling.api';
import { WORK_FLOW } from './modeling.fields';

const TEMPLATE_OPTIONS = [
  { value: 'true', label: '通用模板', color: 'blue' },
  { value: 'false', label: '产品专用', color: 'default' },
];

/** 工艺路线: flows with their ordered processes (route), the product a 产品专用 flow belongs to, and how many products use them. */
export function workFlowList(openEditor: (row?: WorkFlow) => void): ListSpec<WorkFlow> {
  return {
    rowKey: 'id',
    columns: [
      { ...columnOf(WORK_FLOW.flowCode), filter: { type: 'input' }, sortable: true, width: 130 },
      { ...columnOf(WORK_FLOW.flowName), filter: { type: 'input' }, sortable: true, width: 160 },
      { ...columnOf(WORK_FLOW.route), width: 360 },
      { ...columnOf(WORK_FLOW.isTemplate), width: 100, render: (row) => (row.isTemplate ? '通用模板' : '产品专用'), filter: { type: 'select', options: TEMPLATE_OPTIONS } },
      { ...columnOf(WORK_FLOW.productName), width: 200, render: (row) => (row.productId === null ? '—' : `${row.productName}（${row.productNo}）`) },
      { ...columnOf(WORK_FLOW.productCount), type: 'number', width: 100 },
      { ...columnOf(WORK_FLOW.updateTime), type: 'date', sortable: true, width: 170 },
    ],
    fetch: workFlowsApi.list,
    ...editorActions({
      noun: '工艺路线',
      authorities: [A.workFlowAdd, A.workFlowEdit, A.workFlowDelete],
      name: (row) => row.flowName,
      remove: (row) => workFlowsApi.remove([row.id]),
      open: openEditor,
      // The server refuses a flow that products use: such a row is told so (with the count) instead of asked.
      refuseDelete: (row) => (row.productCount > 0 ? `${workFlowInUseMessage(row.flowName, row.productCount)}。` : undefined),
    }),
  };
}
