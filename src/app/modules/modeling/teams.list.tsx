import type { Position, Team } from '@core/contracts/modeling';
import type { ListSpec } from '../../components';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { positionsApi, teamsApi } from './modeling.api';

/** 班组: name, workshop, leader and member count; a team with members is refused by the server on delete. */
export function teamList(workshops: { value: string; label: string }[], openEditor: (row?: Team) => void): ListSpec<Team> {
  return {
    rowKey: 'id',
    defaultSort: { field: 'sort', direction: 'asc' },
    columns: [
      { prop: 'teamName', label: '班组名称', filter: { type: 'input' }, sortable: true, width: 160 },
      { prop: 'workshopName', label: '车间', width: 120, filter: { prop: 'workshopId', type: 'select', multiple: true, options: workshops } },
      { prop: 'leaderName', label: '班组长', width: 110 },
      { prop: 'memberCount', label: '成员人数', type: 'number', width: 100 },
      { prop: 'sort', label: '排序', type: 'number', sortable: true, width: 80 },
      { prop: 'remark', label: '备注', width: 200 },
      { prop: 'updateTime', label: '更新时间', type: 'date', width: 170 },
    ],
    fetch: teamsApi.list,
    toolbar: [{ key: 'add', label: '新增班组', primary: true, authority: A.teamAdd, run: () => openEditor() }],
    rowActions: [
      { key: 'edit', label: '编辑', authority: A.teamEdit, run: (row) => openEditor(row) },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        authority: A.teamDelete,
        confirm: (row) => `确定删除班组「${row.teamName}」吗？`,
        run: (row) => teamsApi.remove([row.id]),
      },
    ],
  };
}

/** 岗位: the employee positions team members hold. */
export function positionList(openEditor: (row?: Position) => void, onChanged: () => void): ListSpec<Position> {
  return {
    rowKey: 'id',
    urlState: false,
    defaultSort: { field: 'sort', direction: 'asc' },
    columns: [
      { prop: 'positionName', label: '岗位名称', filter: { type: 'input' }, sortable: true, width: 160 },
      { prop: 'memberCount', label: '成员人数', type: 'number', width: 100 },
      { prop: 'sort', label: '排序', type: 'number', sortable: true, width: 80 },
      { prop: 'remark', label: '备注', width: 200 },
    ],
    fetch: positionsApi.list,
    toolbar: [{ key: 'add', label: '新增岗位', primary: true, authority: A.positionAdd, run: () => openEditor() }],
    rowActions: [
      { key: 'edit', label: '编辑', authority: A.positionEdit, run: (row) => openEditor(row) },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        authority: A.positionDelete,
        confirm: (row) => `确定删除岗位「${row.positionName}」吗？`,
        run: (row) => positionsApi.remove([row.id]).then(onChanged),
      },
    ],
  };
}
