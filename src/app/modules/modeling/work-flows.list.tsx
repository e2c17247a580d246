import { workFlowInUseMessage, type WorkFlow } from '@core/contracts/modeling';
import type { ListSpec } from '../../components';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { workFlowsApi } from './modeling.api';

const TEMPLATE_OPTIONS = [
  { value: 'true', label: '通用模板', color: 'blue' },
  { value: 'false', label: '产品专用', color: 'default' },
];

/** 工艺路线: flows with their ordered processes (route), the product a 产品专用 flow belongs to, and how many products use them. */
export function workFlowList(openEditor: (row?: WorkFlow) => void): ListSpec<WorkFlow> {
  return {
    rowKey: 'id',
    columns: [
      { prop: 'flowCode', label: '工艺路线编码', filter: { type: 'input' }, sortable: true, width: 130 },
      { prop: 'flowName', label: '工艺路线名称', filter: { type: 'input' }, sortable: true, width: 160 },
      { prop: 'route', label: '工序路线', width: 360 },
      { prop: 'isTemplate', label: '类型', width: 100, render: (row) => (row.isTemplate ? '通用模板' : '产品专用'), filter: { type: 'select', options: TEMPLATE_OPTIONS } },
      { prop: 'productName', label: '所属产品', width: 200, render: (row) => (row.productId === null ? '—' : `${row.productName}（${row.productNo}）`) },
      { prop: 'productCount', label: '产品数量', type: 'number', width: 100 },
      { prop: 'updateTime', label: '更新时间', type: 'date', sortable: true, width: 170 },
    ],
    fetch: workFlowsApi.list,
    toolbar: [{ key: 'add', label: '新增工艺路线', primary: true, authority: A.workFlowAdd, run: () => openEditor() }],
    rowActions: [
      { key: 'edit', label: '编辑', authority: A.workFlowEdit, run: (row) => openEditor(row) },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        authority: A.workFlowDelete,
        // The server refuses a flow that products use: such a row is told so (with the count) instead of asked.
        confirm: (row) => (row.productCount > 0 ? `${workFlowInUseMessage(row.flowName, row.productCount)}。` : `确定删除工艺路线「${row.flowName}」吗？`),
        run: (row) => (row.productCount > 0 ? undefined : workFlowsApi.remove([row.id])),
      },
    ],
  };
}
