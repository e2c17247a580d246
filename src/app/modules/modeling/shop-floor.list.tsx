import { Tag } from 'antd';
import type { BadReason, IcCard, WorkMachine } from '@core/contracts/modeling';
import type { ListSpec } from '../../components';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { badReasonsApi, icCardsApi, workMachinesApi } from './modeling.api';

const BOUND_OPTIONS = [
  { value: 'true', label: '已绑定', color: 'green' },
  { value: 'false', label: '未绑定', color: 'default' },
];
const ENABLED_OPTIONS = [
  { value: 'true', label: '启用', color: 'green' },
  { value: 'false', label: '停用', color: 'default' },
];

/** 一体机: code, name, IP and the devices it reports for. */
export function workMachineList(openEditor: (row?: WorkMachine) => void): ListSpec<WorkMachine> {
  return {
    rowKey: 'id',
    columns: [
      { prop: 'machineCode', label: '一体机编码', filter: { type: 'input' }, sortable: true, width: 130 },
      { prop: 'machineName', label: '一体机名称', filter: { type: 'input' }, width: 160 },
      { prop: 'ip', label: 'IP地址', width: 140 },
      {
        prop: 'devices',
        label: '绑定设备',
        width: 360,
        render: (row) =>
          row.devices.length ? (
            <div style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4 }}>
              {row.devices.map((device) => (
                <Tag key={device.deviceId}>{`${device.deviceName}（${device.deviceNo}）`}</Tag>
              ))}
            </div>
          ) : (
            '—'
          ),
      },
      { prop: 'remark', label: '备注', width: 160 },
      { prop: 'updateTime', label: '更新时间', type: 'date', width: 170 },
    ],
    fetch: workMachinesApi.list,
    toolbar: [{ key: 'add', label: '新增一体机', primary: true, authority: A.workMachineAdd, run: () => openEditor() }],
    rowActions: [
      { key: 'edit', label: '编辑', authority: A.workMachineEdit, run: (row) => openEditor(row) },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        authority: A.workMachineDelete,
        confirm: (row) => `确定删除一体机「${row.machineName}」吗？`,
        run: (row) => workMachinesApi.remove([row.id]),
      },
    ],
  };
}

export interface IcCardListHandlers {
  openEditor: (row?: IcCard) => void;
  openBind: (row: IcCard) => void;
}

/** IC 卡: card number and the staff member it is bound to; bind, unbind, edit, delete. */
export function icCardList({ openEditor, openBind }: IcCardListHandlers): ListSpec<IcCard> {
  return {
    rowKey: 'id',
    // Newest cards first: a card just added is the one about to be bound.
    defaultSort: { field: 'id', direction: 'desc' },
    columns: [
      { prop: 'cardNo', label: 'IC卡号', filter: { type: 'input' }, sortable: true, width: 150 },
      { prop: 'nickName', label: '绑定人员', filter: { type: 'input' }, width: 120 },
      { prop: 'username', label: '账号', width: 130 },
      {
        prop: 'userId',
        label: '绑定状态',
        width: 100,
        render: (row) => (row.userId ? <Tag color="green">已绑定</Tag> : <Tag>未绑定</Tag>),
      },
      { prop: 'bindTime', label: '绑定时间', type: 'date', sortable: true, width: 170 },
      { prop: 'remark', label: '备注', width: 160 },
    ],
    filters: [{ prop: 'bound', label: '绑定状态', type: 'select', options: BOUND_OPTIONS }],
    fetch: icCardsApi.list,
    toolbar: [{ key: 'add', label: '新增IC卡', primary: true, authority: A.icCardAdd, run: () => openEditor() }],
    rowActions: [
      { key: 'bind', label: '绑定', authority: A.icCardBind, when: (row) => !row.userId, run: (row) => openBind(row) },
      {
        key: 'unbind',
        label: '解绑',
        authority: A.icCardBind,
        when: (row) => !!row.userId,
        confirm: (row) => `确定解除IC卡「${row.cardNo}」与「${row.nickName}」的绑定吗？`,
        run: (row) => icCardsApi.unbind(row.id),
      },
      { key: 'edit', label: '编辑', authority: A.icCardEdit, run: (row) => openEditor(row) },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        authority: A.icCardDelete,
        confirm: (row) => `确定删除IC卡「${row.cardNo}」吗？`,
        run: (row) => icCardsApi.remove([row.id]),
      },
    ],
  };
}

/** 不良现象: the bad phenomena operators pick per process when reporting defects. */
export function badReasonList(processes: { value: string; label: string }[], openEditor: (row?: BadReason) => void): ListSpec<BadReason> {
  return {
    rowKey: 'id',
    columns: [
      { prop: 'processName', label: '工序', width: 130, filter: { prop: 'processId', type: 'select', multiple: true, options: processes } },
      { prop: 'reasonCode', label: '不良现象编码', filter: { type: 'input' }, sortable: true, width: 130 },
      { prop: 'reasonName', label: '不良现象名称', filter: { type: 'input' }, width: 160 },
      {
        prop: 'enabled',
        label: '状态',
        width: 90,
        render: (row) => (row.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
        filter: { type: 'select', options: ENABLED_OPTIONS },
      },
      { prop: 'sort', label: '排序', type: 'number', sortable: true, width: 80 },
      { prop: 'remark', label: '备注', width: 180 },
    ],
    fetch: badReasonsApi.list,
    toolbar: [{ key: 'add', label: '新增不良现象', primary: true, authority: A.badReasonAdd, run: () => openEditor() }],
    rowActions: [
      { key: 'edit', label: '编辑', authority: A.badReasonEdit, run: (row) => openEditor(row) },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        authority: A.badReasonDelete,
        confirm: (row) => `确定删除不良现象「${row.reasonName}」吗？`,
        run: (row) => badReasonsApi.remove([row.id]),
      },
    ],
  };
}
