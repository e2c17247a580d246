import type { Workshop } from '@core/contracts/modeling';
import type { ListSpec } from '../../components';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { workshopsApi } from './modeling.api';

/** 车间: name, code, device count; add, edit, delete (a workshop with devices is refused by the server). */
export function workshopList(openEditor: (row?: Workshop) => void): ListSpec<Workshop> {
  return {
    rowKey: 'id',
    columns: [
      { prop: 'workshopName', label: '车间名称', filter: { type: 'input' }, sortable: true, width: 160 },
      { prop: 'workshopCode', label: '车间编码', filter: { type: 'input' }, width: 120 },
      { prop: 'deviceCount', label: '设备数量', type: 'number', width: 100 },
      { prop: 'sort', label: '排序', type: 'number', sortable: true, width: 80 },
      { prop: 'remark', label: '备注', width: 200 },
      { prop: 'updateTime', label: '更新时间', type: 'date', width: 170 },
    ],
    fetch: workshopsApi.list,
    toolbar: [{ key: 'add', label: '新增车间', primary: true, authority: A.workshopAdd, run: () => openEditor() }],
    rowActions: [
      { key: 'edit', label: '编辑', authority: A.workshopEdit, run: (row) => openEditor(row) },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        authority: A.workshopDelete,
        confirm: (row) => `确定删除车间「${row.workshopName}」吗？`,
        run: (row) => workshopsApi.remove([row.id]),
      },
    ],
  };
}
