import { Tag } from 'antd';
import type { Process } from '@core/contracts/modeling';
import type { BadReason, CreateBadReasonRequest, CreateIcCardRequest, CreateWorkMachineRequest, IcCard, IssuedMachineKey, WorkMachine } from '@core/contracts/modeling';
import { personLabel } from '@core/format';
import { factoryUsersApi } from '@app/components/user-select';
import { deviceLabel, deviceOptions } from '@app/shared';
import { columnOf, editorActions, type ListSpec } from '@app/components';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { filterOptionsOf, optionsOf } from './components/options';
import { badReasonsApi, devicesApi, icCardsApi, workMachinesApi } from './modeling.api';
import { BAD_REASON, IC_CARD, WORK_MACHINE } from './modeling.fields';
import { BAD_REASON_FIELDS, IC_CARD_FIELDS, WORK_MACHINE_FIELDS } from './modeling.forms';

const BOUND_OPTIONS = [
  { value: 'true', label: '已绑定', color: 'green' },
  { value: 'false', label: '未绑定', color: 'default' },
];
const ENABLED_OPTIONS = [
  { value: 'true', label: '启用', color: 'green' },
  { value: 'false', label: '停用', color: 'default' },
];

export interface WorkMachineListHandlers {
  /** A key was just issued: show it (the only time it can be read). */
  keyIssued: (row: WorkMachine, issued: IssuedMachineKey) => void;
}

/** 一体机: code, name, IP, the devices it reports for and its machine key (issue, replace, revoke). */
export function workMachineList({ keyIssued }: WorkMachineListHandlers): ListSpec<WorkMachine> {
  const actions = editorActions<WorkMachine>({ noun: '一体机', authorities: [A.workMachineAdd, A.workMachineEdit, A.workMachineDelete], name: (row) => row.machineName, remove: (row) => workMachinesApi.remove([row.id]) });
  const issue = (row: WorkMachine) => workMachinesApi.issueKey(row.id).then((issued) => keyIssued(row, issued));
  return {
    rowKey: 'id',
    columns: [
      { ...columnOf(WORK_MACHINE.machineCode), filter: { type: 'input' }, sortable: true, width: 130 },
      { ...columnOf(WORK_MACHINE.machineName), filter: { type: 'input' }, width: 160 },
      { ...columnOf(WORK_MACHINE.ip), width: 140 },
      {
        ...columnOf(WORK_MACHINE.devices),
        width: 260,
        render: (row) =>
          row.devices.length ? (
            <div style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4 }}>
              {row.devices.map((device) => (
                <Tag key={device.deviceId}>{deviceLabel(device)}</Tag>
              ))}
            </div>
          ) : (
            '—'
          ),
      },
      {
        ...columnOf(WORK_MACHINE.keyHint),
        width: 130,
        render: (row) => (row.keyHint ? <span title={`${row.keyIssuedAt} 生成`}>{row.keyHint}</span> : <Tag>未生成</Tag>),
      },
      { ...columnOf(WORK_MACHINE.remark), width: 110 },
      { ...columnOf(WORK_MACHINE.updateTime), type: 'date', width: 170 },
    ],
    fetch: workMachinesApi.list,
    toolbar: actions.toolbar,
    rowActions: [
      ...actions.rowActions,
      { key: 'issueKey', label: '生成密钥', authority: A.workMachineKey, when: (row) => !row.keyHint, run: issue },
      { key: 'replaceKey', label: '更换密钥', authority: A.workMachineKey, when: (row) => !!row.keyHint, confirm: (row) => `更换后旧密钥立即失效，确定为「${row.machineName}」生成新密钥吗？`, run: issue },
      { key: 'revokeKey', label: '停用密钥', danger: true, authority: A.workMachineKey, when: (row) => !!row.keyHint, confirm: (row) => `停用后「${row.machineName}」将无法上报数据，确定停用吗？`, run: (row) => workMachinesApi.revokeKey(row.id) },
    ],
    editor: {
      noun: '一体机',
      fields: WORK_MACHINE_FIELDS,
      initial: (row) => (row ? { ...row, deviceIds: row.devices.map((device) => device.deviceId) } : { deviceIds: [] }),
      loadOptions: () => devicesApi.all().then((devices) => ({ deviceIds: deviceOptions(devices) })),
      save: (values: CreateWorkMachineRequest, row) => {
        const request = { ...values, ip: values.ip ?? '', deviceIds: values.deviceIds ?? [] };
        return row ? workMachinesApi.update({ ...request, id: row.id }) : workMachinesApi.create(request);
      },
    },
  };
}

export interface IcCardListHandlers {
  openBind: (row: IcCard) => void;
}

/** Factory users as options of the card's 绑定人员 (loaded when a dialog opens). */
export const loadUserOptions = () =>
  factoryUsersApi.all().then((users) => ({ userId: users.map((user) => ({ value: user.userId, label: personLabel(user) })) }));

/** IC 卡: card number and the staff member it is bound to; bind, unbind, edit, delete. */
export function icCardList({ openBind }: IcCardListHandlers): ListSpec<IcCard> {
  const icCardActions = editorActions<IcCard>({ noun: 'IC卡', authorities: [A.icCardAdd, A.icCardEdit, A.icCardDelete], name: (row) => row.cardNo, remove: (row) => icCardsApi.remove([row.id]) });
  return {
    rowKey: 'id',
    // Newest cards first: a card just added is the one about to be bound.
    defaultSort: { field: 'id', direction: 'desc' },
    columns: [
      { ...columnOf(IC_CARD.cardNo), filter: { type: 'input' }, sortable: true, width: 150 },
      { ...columnOf(IC_CARD.nickName), filter: { type: 'input' }, width: 120 },
      { ...columnOf(IC_CARD.username), width: 130 },
      {
        ...columnOf({ ...IC_CARD.bound, name: 'userId' }),
        width: 100,
        render: (row) => (row.userId ? <Tag color="green">已绑定</Tag> : <Tag>未绑定</Tag>),
      },
      { ...columnOf(IC_CARD.bindTime), type: 'date', sortable: true, width: 170 },
      { ...columnOf(IC_CARD.remark), width: 160 },
    ],
    filters: [{ ...columnOf(IC_CARD.bound), type: 'select', options: BOUND_OPTIONS }],
    fetch: icCardsApi.list,
    toolbar: icCardActions.toolbar,
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
      ...icCardActions.rowActions,
    ],
    editor: {
      noun: 'IC卡',
      fields: IC_CARD_FIELDS,
      initial: (row) => (row ? { cardNo: row.cardNo, userId: row.userId ?? undefined, remark: row.remark } : {}),
      loadOptions: loadUserOptions,
      save: (values: CreateIcCardRequest, row) => {
        const request = { ...values, userId: values.userId ?? null };
        return row ? icCardsApi.update({ ...request, id: row.id }) : icCardsApi.create(request);
      },
    },
  };
}

/** 不良现象: the bad phenomena operators pick per process when reporting defects. */
export function badReasonList(processes: readonly Process[]): ListSpec<BadReason> {
  return {
    rowKey: 'id',
    columns: [
      { ...columnOf(BAD_REASON.processName), width: 130, filter: { prop: 'processId', type: 'select', multiple: true, options: filterOptionsOf(processes, (row) => row.processName) } },
      { ...columnOf(BAD_REASON.reasonCode), filter: { type: 'input' }, sortable: true, width: 130 },
      { ...columnOf(BAD_REASON.reasonName), filter: { type: 'input' }, width: 160 },
      {
        ...columnOf(BAD_REASON.enabled),
        width: 90,
        render: (row) => (row.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
        filter: { type: 'select', options: ENABLED_OPTIONS },
      },
      { ...columnOf(BAD_REASON.sort), type: 'number', sortable: true, width: 80 },
      { ...columnOf(BAD_REASON.remark), width: 180 },
    ],
    fetch: badReasonsApi.list,
    ...editorActions({ noun: '不良现象', authorities: [A.badReasonAdd, A.badReasonEdit, A.badReasonDelete], name: (row) => row.reasonName, remove: (row) => badReasonsApi.remove([row.id]) }),
    editor: {
      noun: '不良现象',
      fields: BAD_REASON_FIELDS,
      initial: (row) => row ?? { enabled: true, sort: 0 },
      options: { processId: optionsOf(processes, (process) => process.processName) },
      save: (values: CreateBadReasonRequest, row) => (row ? badReasonsApi.update({ ...values, id: row.id }) : badReasonsApi.create(values)),
    },
  };
}
