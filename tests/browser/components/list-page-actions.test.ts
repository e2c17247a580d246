import { expect } from 'chai';
import { createElement } from 'react';
import { ListPage, type ListQuery, type ListSpec, type RowAction } from '@app/components/list-page';
import type { ImportOutcome } from '@app/components/import-dialog';
import { staffListSpec, staffRows, type StaffRow } from './support/staff-list';
import { byText, mountFixture, pickFiles, unmountFixtures, waitFor } from './support/fixture';

const bodyRows = (root: ShadowRoot) => [...root.querySelectorAll<HTMLElement>('.mes-list-table .ant-table-row')];
const headers = (root: ShadowRoot) => [...root.querySelectorAll('.mes-list-table thead th')].map((th) => th.textContent?.trim() ?? '');
const checkboxes = (root: ShadowRoot) => root.querySelectorAll('.mes-list-table .ant-checkbox-input').length;
const totalText = (root: ShadowRoot) => root.querySelector('.ant-pagination-total-text')?.textContent;
const actionCell = (row: HTMLElement) => [...row.querySelectorAll<HTMLElement>('.ant-table-cell')].at(-1)!;
const linkTexts = (row: HTMLElement) => [...actionCell(row).querySelectorAll('button')].map((button) => button.textContent?.trim());
const openMenu = (root: ShadowRoot) => root.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)');

async function mountSpec(spec: ListSpec<StaffRow>, queries: ListQuery[], authorities: string[]) {
  const root = await mountFixture(() => createElement(ListPage<StaffRow>, { spec }), { path: '/staff', authorities });
  await waitFor(() => queries.length > 0 && root.querySelector('.mes-list-page[data-loading="false"]'), 'the first page');
  await waitFor(() => bodyRows(root).length > 0, 'the rows');
  return root;
}

/** The account module's row actions: every row shows 编辑, one status action, 工厂授权 and 删除账号. */
function accountLikeSpec(rows: StaffRow[], queries: ListQuery[], removed: number[]): ListSpec<StaffRow> {
  const run = () => undefined;
  const rowActions: RowAction<StaffRow>[] = [
    { key: 'edit', label: '编辑', authority: 'ACTION_STAFF_EDIT', run },
    { key: 'disable', label: '禁用', authority: 'ACTION_STAFF_EDIT', when: (row) => row.status === 1, run },
    { key: 'enable', label: '启用', authority: 'ACTION_STAFF_EDIT', when: (row) => row.status === 0, run },
    { key: 'unlock', label: '解锁', authority: 'ACTION_STAFF_EDIT', when: (row) => row.status === 2, run },
    { key: 'grants', label: '工厂授权', authority: 'ACTION_STAFF_GRANT', run },
    {
      key: 'delete',
      label: '删除账号',
      danger: true,
      authority: 'ACTION_STAFF_DELETE',
      confirm: (row) => `确定删除「${row.name}」的账号吗？`,
      run: async (row) => {
        removed.push(row.id);
      },
    },
  ];
  return { ...staffListSpec({ rows, queries, removed }), rowActions };
}

describe('ListPage actions and permissions', () => {
  afterEach(unmountFixtures);

  it('shows checkboxes only when a permitted toolbar action needs a selection', async () => {
    const queries: ListQuery[] = [];
    const spec = staffListSpec({ rows: staffRows(12), queries });
    let root = await mountSpec(spec, queries, ['ACTION_STAFF_ADD', 'ACTION_STAFF_DELETE']);
    expect(byText(root, 'button', '批量禁用'), 'no 批量禁用 without ACTION_STAFF_EDIT').to.equal(undefined);
    expect(checkboxes(root), 'no selection column').to.equal(0);
    await unmountFixtures();

    queries.length = 0;
    root = await mountSpec(spec, queries, ['ACTION_STAFF_EDIT']);
    expect(bodyRows(root).every((row) => row.querySelector('.ant-checkbox-input')), 'a checkbox per row').to.equal(true);
  });

  it('leaves out the 操作 column when no row action is permitted', async () => {
    const queries: ListQuery[] = [];
    const spec = staffListSpec({ rows: staffRows(12), queries });
    let root = await mountSpec(spec, queries, ['ACTION_STAFF_ADD']);
    expect(headers(root)).to.not.include('操作');
    await unmountFixtures();

    queries.length = 0;
    root = await mountSpec(spec, queries, ['ACTION_STAFF_DELETE']);
    expect(headers(root)).to.include('操作');
    expect(bodyRows(root).every((row) => row.querySelector('[data-action="delete"]'))).to.equal(true);
  });

  it('folds row actions beyond three into 更多, which asks before a destructive one', async () => {
    const queries: ListQuery[] = [];
    const removed: number[] = [];
    const spec = accountLikeSpec(staffRows(12), queries, removed);
    const root = await mountSpec(spec, queries, ['ACTION_STAFF_EDIT', 'ACTION_STAFF_GRANT', 'ACTION_STAFF_DELETE']);
    const rows = bodyRows(root);
    expect(linkTexts(rows[0]!), 'a disabled account').to.deep.equal(['编辑', '启用', '更多']);
    expect(linkTexts(rows[1]!)).to.deep.equal(['编辑', '禁用', '更多']);
    expect(linkTexts(rows[4]!), 'a locked account').to.deep.equal(['编辑', '解锁', '更多']);
    expect(root.querySelectorAll('.mes-list-table [data-action="delete"]').length, 'no 删除账号 link in the rows').to.equal(0);
    for (const row of rows) {
      const tops = new Set([...actionCell(row).querySelectorAll('button')].map((button) => button.getBoundingClientRect().top));
      expect(tops.size, 'the links fit on one line').to.equal(1);
    }

    byText<HTMLElement>(actionCell(rows[4]!), 'button', '更多')!.click();
    const menu = await waitFor(() => openMenu(root), 'the 更多 menu inside the shadow root');
    expect(document.querySelector('.ant-dropdown'), 'not in the document body').to.equal(null);
    expect([...menu.querySelectorAll('.ant-dropdown-menu-item')].map((item) => item.textContent)).to.deep.equal(['工厂授权', '删除账号']);
    menu.querySelector<HTMLElement>('[data-action="delete"]')!.click();
    const dialog = await waitFor(
      () => [...root.querySelectorAll<HTMLElement>('.ant-modal')].find((modal) => modal.textContent?.includes('确定删除「刘工5」的账号吗？')),
      'the confirmation',
    );
    expect(removed, 'nothing before 确定').to.deep.equal([]);
    byText<HTMLElement>(dialog, 'button', '确定')!.click();
    await waitFor(() => totalText(root) === '共 11 条', 'the reload');
    expect(removed).to.deep.equal([5]);
  });

  it('tells a refused row why (无法删除, 知道了) instead of asking, and runs nothing', async () => {
    const queries: ListQuery[] = [];
    const removed: number[] = [];
    const base = staffListSpec({ rows: staffRows(12), queries, removed });
    const spec: ListSpec<StaffRow> = {
      ...base,
      rowActions: [
        {
          key: 'delete',
          label: '删除',
          danger: true,
          authority: 'ACTION_STAFF_DELETE',
          refuse: (row) => (row.id === 2 ? `「${row.name}」仍在使用，无法删除。` : undefined),
          confirm: (row) => `确定删除「${row.name}」吗？`,
          run: async (row) => {
            removed.push(row.id);
          },
        },
      ],
    };
    const root = await mountSpec(spec, queries, ['ACTION_STAFF_DELETE']);
    byText<HTMLElement>(actionCell(bodyRows(root)[1]!), 'button', '删除')!.click();
    const refusal = await waitFor(
      () => [...root.querySelectorAll<HTMLElement>('.ant-modal')].find((modal) => modal.textContent?.includes('仍在使用，无法删除')),
      'the refusal',
    );
    expect(refusal.textContent).to.contain('无法删除');
    expect(byText<HTMLElement>(refusal, 'button', '确定'), 'no 确定 to press').to.equal(undefined);
    byText<HTMLElement>(refusal, 'button', '知道了')!.click();
    expect(removed, 'nothing ran').to.deep.equal([]);
  });

  it('keeps up to three links inline, on one line, when no more apply', async () => {
    const queries: ListQuery[] = [];
    const spec = accountLikeSpec(staffRows(12), queries, []);
    const root = await mountSpec(spec, queries, ['ACTION_STAFF_EDIT', 'ACTION_STAFF_GRANT']);
    const rows = bodyRows(root);
    expect(linkTexts(rows[1]!)).to.deep.equal(['编辑', '禁用', '工厂授权']);
    expect(root.querySelector('.mes-row-actions-more')).to.equal(null);
    const tops = new Set([...actionCell(rows[1]!).querySelectorAll('button')].map((button) => button.getBoundingClientRect().top));
    expect(tops.size, 'the links fit on one line').to.equal(1);
  });

  it('calls the importer onImported with the outcome once the list has reloaded', async () => {
    const queries: ListQuery[] = [];
    const rows = staffRows(12);
    const imported: { outcome: ImportOutcome; fetches: number; total: string | null | undefined }[] = [];
    const spec: ListSpec<StaffRow> = {
      ...staffListSpec({ rows, queries }),
      importer: {
        title: '员工',
        upload: async () => ({ url: '/stored/员工.xlsx' }),
        submit: async () => {
          rows.push({ ...staffRows(13)[12]! });
          return { message: '成功导入1条' };
        },
        onImported: (outcome) => imported.push({ outcome, fetches: queries.length, total: totalText(root) }),
      },
    };
    const root = await mountSpec(spec, queries, []);
    byText<HTMLElement>(root, 'button', '导入')!.click();
    const input = await waitFor(() => root.querySelector<HTMLInputElement>('.mes-import-dialog input[type="file"]'), 'the dialog');
    pickFiles(input, [new File(['x'], '员工.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })]);
    const confirm = () => byText<HTMLButtonElement>(root, '.ant-modal button', '确定')!;
    await waitFor(() => !confirm().disabled, '确定 enabled');
    confirm().click();
    await waitFor(() => imported.length === 1, 'onImported');
    expect(imported[0]).to.deep.equal({ outcome: { message: '成功导入1条' }, fetches: 2, total: '共 13 条' });
  });
});
