import { Tag } from 'antd';
import type { StaffUser } from '@core/contracts/account';
import { ACCOUNT_STATUS } from '@core/enums';
import type { ListAside, ListSpec, RowAction } from '@app/components';
import { AccountAuthorities } from '@core/access/authorities/account';
import { StaffListEditor } from './components/staff-editor.dialog';
import { staffApi } from './staff.api';

const STATUS_OPTIONS = [
  { value: 1, label: ACCOUNT_STATUS.label(1), color: 'green' },
  { value: 0, label: ACCOUNT_STATUS.label(0), color: 'default' },
  { value: 2, label: ACCOUNT_STATUS.label(2), color: 'red' },
];

const roleTags = (user: StaffUser) => user.roles.map((role) => <Tag key={role.roleId}>{role.roleName}</Tag>);

/** What the staff page lets the list open. */
export interface StaffListHandlers {
  /** The department tree beside the list (its selection filters by departmentId). */
  aside: ListAside;
  openFactoryGrants: (user: StaffUser) => void;
  /** After changes that alter department head counts (import, removal, moves). */
  onCountsChanged: () => void;
}

const userIds = (rows: readonly StaffUser[]) => rows.map((row) => row.userId);

/** 人员管理: users of one department (or all), with their account actions. */
export function staffList({ aside, openFactoryGrants, onCountsChanged }: StaffListHandlers): ListSpec<StaffUser> {
  const rowActions: RowAction<StaffUser>[] = [
    { key: 'edit', label: '编辑', danger: false, authority: AccountAuthorities.staffEdit, run: (row, { openEditor }) => openEditor(row) },
    {
      key: 'disable',
      label: '禁用',
      authority: AccountAuthorities.staffStatus,
      when: (row) => row.status === 1,
      confirm: (row) => `确定禁用「${row.nickName}」的账号吗？禁用后该账号将无法登录。`,
      run: (row) => staffApi.setStatus([row.userId], 0),
    },
    {
      key: 'enable',
      label: '启用',
      danger: false,
      authority: AccountAuthorities.staffStatus,
      when: (row) => row.status === 0,
      confirm: (row) => `确定启用「${row.nickName}」的账号吗？`,
      run: (row) => staffApi.setStatus([row.userId], 1),
    },
    {
      key: 'unlock',
      label: '解锁',
      danger: false,
      authority: AccountAuthorities.staffStatus,
      when: (row) => row.status === 2,
      confirm: (row) => `确定解锁「${row.nickName}」的账号吗？`,
      run: (row) => staffApi.setStatus([row.userId], 1),
    },
    { key: 'grants', label: '工厂授权', danger: false, authority: AccountAuthorities.authorization, run: (row) => openFactoryGrants(row) },
    {
      key: 'delete',
      label: '删除账号',
      authority: AccountAuthorities.staffDelete,
      confirm: (row) => `确定删除「${row.nickName}」的账号吗？删除后不可恢复。`,
      run: (row) => staffApi.removeAccount(row.userId).then(onCountsChanged),
    },
  ];
  return {
    rowKey: 'userId',
    columns: [
      // Fits 1440 px beside the department tree: 创建时间 is a filter (and in the export), not a column.
      { prop: 'username', label: '用户名', filter: { type: 'tagInput' }, sortable: true, width: 100 },
      { prop: 'nickName', label: '姓名', filter: { type: 'input' }, sortable: true, width: 100 },
      { prop: 'status', label: '账号状态', type: 'tag', options: STATUS_OPTIONS, filter: { type: 'select', multiple: true }, sortable: true, width: 90 },
      { prop: 'roles', label: '角色', render: roleTags, width: 120 },
      { prop: 'departmentName', label: '部门', width: 90 },
      { prop: 'mobile', label: '手机号', filter: { type: 'input' }, width: 115 },
    ],
    filters: [{ prop: 'createTime', label: '创建时间', type: 'daterange' }],
    fetch: staffApi.list,
    aside,
    editor: { render: (props) => <StaffListEditor {...props} /> },
    toolbar: [
      { key: 'add', label: '新增人员', primary: true, danger: false, authority: AccountAuthorities.staffAdd, run: ({ openEditor }) => openEditor() },
      {
        key: 'batchEnable',
        label: '批量启用',
        danger: false,
        needsSelection: true,
        authority: AccountAuthorities.staffStatus,
        confirm: '确定启用（解锁）选中的账号吗？',
        run: ({ selectedRows }) => staffApi.setStatus(userIds(selectedRows), 1),
      },
      {
        key: 'batchDisable',
        label: '批量禁用',
        needsSelection: true,
        authority: AccountAuthorities.staffStatus,
        confirm: '确定禁用选中的账号吗？禁用后这些账号将无法登录。',
        run: ({ selectedRows }) => staffApi.setStatus(userIds(selectedRows), 0),
      },
    ],
    rowActions,
    importer: {
      title: '人员',
      authority: AccountAuthorities.staffImport,
      template: staffApi.downloadTemplate,
      submit: staffApi.importFile,
      onImported: onCountsChanged,
    },
    exporter: {
      authority: AccountAuthorities.staffExport,
      run: staffApi.exportFile,
    },
  };
}

/** 其他部门人员: users outside the department, to move into it (批量添加). */
export function otherDepartmentList(departmentId: number, departmentName: string, onCountsChanged: () => void): ListSpec<StaffUser> {
  return {
    rowKey: 'userId',
    urlState: false,
    columns: [
      { prop: 'username', label: '用户名', filter: { type: 'tagInput' }, width: 140 },
      { prop: 'nickName', label: '姓名', filter: { type: 'input' }, width: 120 },
      { prop: 'mobile', label: '手机号', width: 130 },
      { prop: 'departmentName', label: '当前部门', width: 140 },
      { prop: 'roles', label: '角色', render: roleTags, width: 200 },
      { prop: 'status', label: '账号状态', type: 'tag', options: STATUS_OPTIONS, width: 110 },
    ],
    fetch: (query) => staffApi.otherDepartment(departmentId, query),
    toolbar: [
      {
        key: 'moveIn',
        label: `批量添加到「${departmentName}」`,
        primary: true,
        danger: false,
        needsSelection: true,
        authority: AccountAuthorities.staffAdd,
        confirm: `确定将选中的人员调入「${departmentName}」吗？`,
        run: ({ selectedRows }) => staffApi.moveToDepartment(departmentId, userIds(selectedRows)).then(onCountsChanged),
      },
    ],
  };
}
