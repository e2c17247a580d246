// A ListSpec over in-memory rows: what a module's *.list.tsx looks like, with a fetch that records
// every query it receives so tests can check paging, filters and sort.
import type { PageResult } from '@core/contracts/common';
import { ACCOUNT_STATUS } from '@core/enums';
import type { ListQuery, ListSpec } from '@app/components/list-page';

export interface StaffRow {
  id: number;
  name: string;
  mobile: string;
  department: string;
  status: number;
  roles: string[];
  createTime: string;
}

const DEPARTMENTS = ['生产部', '品质部', '设备部', '计划部'];
const SURNAMES = '张王李赵刘陈杨黄吴周';

/** `count` staff rows with deterministic content. */
export function staffRows(count: number): StaffRow[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `${SURNAMES[index % SURNAMES.length]}工${index + 1}`,
    mobile: `138${String(10_000_000 + index).slice(-8)}`,
    department: DEPARTMENTS[index % DEPARTMENTS.length]!,
    status: index % 7 === 0 ? 0 : index % 5 === 4 ? 2 : 1,
    roles: index % 3 === 0 ? ['admin', 'planner'] : ['operator'],
    createTime: `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')} 08:30:00`,
  }));
}

export interface StaffListOptions {
  rows: StaffRow[];
  queries: ListQuery[];
  removed?: number[];
  delayMs?: number;
}

/** The staff list as data. */
export function staffListSpec({ rows, queries, removed = [], delayMs = 20 }: StaffListOptions): ListSpec<StaffRow> {
  return {
    rowKey: 'id',
    columns: [
      { prop: 'name', label: '姓名', width: 120, filter: { type: 'input' }, sortable: true },
      { prop: 'mobile', label: '手机号', width: 140 },
      {
        prop: 'department',
        label: '部门',
        width: 120,
        filter: { type: 'select', options: DEPARTMENTS.map((name) => ({ value: name, label: name })) },
      },
      { prop: 'status', label: '账号状态', type: 'enum', options: ACCOUNT_STATUS.options, width: 100, filter: { type: 'radioGroup' } },
      {
        prop: 'roles',
        label: '角色',
        type: 'tag',
        width: 180,
        options: [
          { value: 'admin', label: '管理员', color: 'red' },
          { value: 'planner', label: '计划员', color: 'blue' },
          { value: 'operator', label: '操作员' },
        ],
      },
      { prop: 'createTime', label: '创建时间', type: 'date', dateFormat: 'date', width: 120, sortable: true },
    ],
    filters: [{ prop: 'createTime', label: '创建时间', type: 'daterange' }],
    toolbar: [
      { key: 'add', label: '新增', primary: true, authority: 'ACTION_STAFF_ADD', run: () => undefined },
      {
        key: 'disable',
        label: '批量禁用',
        authority: 'ACTION_STAFF_EDIT',
        needsSelection: true,
        confirm: '确定禁用所选账号吗？',
        run: () => Promise.resolve(),
      },
    ],
    rowActions: [
      { key: 'edit', label: '编辑', authority: 'ACTION_STAFF_EDIT', run: () => undefined },
      { key: 'unlock', label: '解锁', authority: 'ACTION_STAFF_EDIT', when: (row) => row.status === 2, run: () => undefined },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        authority: 'ACTION_STAFF_DELETE',
        confirm: (row) => `确定删除「${row.name}」吗？`,
        run: async (row) => {
          removed.push(row.id);
        },
      },
    ],
    exporter: { authority: 'ACTION_STAFF_EXPORT', run: async () => undefined },
    fetch: async (query): Promise<PageResult<StaffRow>> => {
      queries.push(query);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      let list = rows.filter((row) => !removed.includes(row.id));
      if (typeof query.name === 'string') list = list.filter((row) => row.name.includes(query.name as string));
      if (typeof query.department === 'string') list = list.filter((row) => row.department === query.department);
      if (typeof query.status === 'string') list = list.filter((row) => String(row.status) === query.status);
      if (query.sort) {
        const [field, direction] = query.sort.split(',') as [keyof StaffRow, string];
        list = [...list].sort((a, b) => String(a[field]).localeCompare(String(b[field])) * (direction === 'asc' ? 1 : -1));
      }
      const start = (query.page - 1) * query.limit;
      return { list: list.slice(start, start + query.limit), total: list.length, page: query.page, limit: query.limit };
    },
  };
}
