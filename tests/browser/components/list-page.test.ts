import { expect } from 'chai';
import { createElement } from 'react';
import type { ListQuery } from '@app/components/list-page';
import { StaffListDemo } from './support/demos';
import { staffRows } from './support/staff-list';
import { byText, locationSearch, mountFixture, sleep, unmountFixtures, waitFor } from './support/fixture';

const ALL = ['ACTION_STAFF_ADD', 'ACTION_STAFF_EDIT', 'ACTION_STAFF_DELETE', 'ACTION_STAFF_EXPORT'];
// Plain tables draw <tr>/<td>, virtual ones <div>s with the same classes.
const bodyRows = (root: ShadowRoot) => [...root.querySelectorAll<HTMLElement>('.mes-list-table .ant-table-row')];
const cells = (row: HTMLElement) => [...row.querySelectorAll('.ant-table-cell')].map((cell) => cell.textContent?.trim() ?? '');
const totalText = (root: ShadowRoot) => root.querySelector('.ant-pagination-total-text')?.textContent;

async function mountList(options: { count: number; path?: string; authorities?: string[] }) {
  const queries: ListQuery[] = [];
  const removed: number[] = [];
  const rows = staffRows(options.count);
  const root = await mountFixture(() => createElement(StaffListDemo, { rows, queries, removed }), {
    path: options.path ?? '/staff',
    authorities: options.authorities ?? ALL,
  });
  await waitFor(() => queries.length > 0 && root.querySelector('.mes-list-page[data-loading="false"]'), 'the first page');
  return { root, queries, removed };
}

describe('ListPage', () => {
  afterEach(unmountFixtures);

  it('renders the rows of the fetch function with typed cells, 共 N 条 and the permitted buttons', async () => {
    const { root, queries } = await mountList({ count: 35, authorities: ['ACTION_STAFF_ADD', 'ACTION_STAFF_EDIT'] });
    expect(queries[0]).to.deep.equal({ page: 1, limit: 10 });
    await waitFor(() => bodyRows(root).length === 10, 'ten rows');
    const first = cells(bodyRows(root)[0]!);
    expect(first.slice(1, 7)).to.deep.equal(['张工1', '13810000000', '生产部', '禁用', '管理员计划员', '2026-01-01']);
    expect(root.querySelector('.ant-pagination-total-text')?.textContent).to.equal('共 35 条');
    expect(byText(root, 'button', '新增')).to.not.equal(undefined);
    expect(byText(root, 'button', '导出'), 'no 导出 without ACTION_STAFF_EXPORT').to.equal(undefined);
    expect(byText<HTMLButtonElement>(root, 'button', '批量禁用')!.disabled, 'needs a selection').to.equal(true);
    expect(root.querySelectorAll('[data-action="delete"]').length, 'no 删除 without ACTION_STAFF_DELETE').to.equal(0);
    const unlockRows = bodyRows(root).filter((row) => row.querySelector('[data-action="unlock"]'));
    expect(unlockRows.map((row) => cells(row)[4]), '解锁 only on locked rows').to.deep.equal(['锁定', '锁定']);
  });

  it('fetches again when the page changes and writes the state into the URL', async () => {
    const { root, queries } = await mountList({ count: 35 });
    root.querySelector<HTMLElement>('.ant-pagination-item-3')!.click();
    await waitFor(() => queries.length === 2, 'the second fetch');
    expect(queries[1]).to.deep.equal({ page: 3, limit: 10 });
    expect(locationSearch(root)).to.equal('?page=3');
    await waitFor(() => cells(bodyRows(root)[0]!)[1] === '张工21', 'rows of page 3');
  });

  it('sorts by a sortable column header (sort=field,asc|desc) from page 1', async () => {
    const { root, queries } = await mountList({ count: 35, path: '/staff?page=2' });
    const header = [...root.querySelectorAll<HTMLElement>('.mes-list-table th')].find((th) => th.textContent?.includes('姓名'))!;
    header.click();
    await waitFor(() => queries.length === 2, 'the sorted fetch');
    expect(queries[1]).to.deep.equal({ page: 1, limit: 10, sort: 'name,asc' });
    header.click();
    await waitFor(() => queries.length === 3, 'the descending fetch');
    expect(queries[2]).to.deep.equal({ page: 1, limit: 10, sort: 'name,desc' });
    expect(locationSearch(root)).to.equal(`?sort=${encodeURIComponent('name,desc')}`);
  });

  it('restores page, size, filters and sort from the URL', async () => {
    const { root, queries } = await mountList({ count: 400, path: '/staff?tab=users&page=2&limit=20&name=工1&sort=createTime,desc' });
    expect(queries[0]).to.deep.equal({ page: 2, limit: 20, sort: 'createTime,desc', name: '工1' });
    expect(root.querySelector<HTMLInputElement>('input[placeholder="请输入姓名"]')!.value).to.equal('工1');
    expect(root.querySelector('.ant-pagination-item-active')?.textContent).to.equal('2');
    expect(root.querySelector('.ant-table-column-sort')?.textContent).to.contain('创建时间');
    expect(root.querySelector('.mes-filter-summary-button')?.getAttribute('data-count')).to.equal('1');
  });

  it('goes back to page 1 on a filter change, keeping the params it does not own', async () => {
    const { root, queries } = await mountList({ count: 100, path: '/staff?tab=users&page=4' });
    byText<HTMLElement>(root, '.ant-radio-button-wrapper', '锁定')!.click();
    await waitFor(() => queries.length === 2, 'the filtered fetch');
    expect(queries[1]).to.deep.equal({ page: 1, limit: 10, status: '2' });
    await waitFor(() => totalText(root) === '共 17 条', 'the locked accounts');
    expect(new URLSearchParams(locationSearch(root)).get('tab')).to.equal('users');
    expect(new URLSearchParams(locationSearch(root)).get('status')).to.equal('2');
    for (const row of bodyRows(root)) expect(cells(row)[4]).to.equal('锁定');
  });

  it('counts active filters in 筛选 and resets them from its popover', async () => {
    const { root, queries } = await mountList({ count: 100, path: '/staff?status=1&department=品质部' });
    expect(queries[0]).to.deep.equal({ page: 1, limit: 10, department: '品质部', status: '1' });
    const summary = root.querySelector<HTMLElement>('.mes-filter-summary-button')!;
    expect(summary.dataset.count).to.equal('2');
    summary.click();
    const popover = await waitFor(() => root.querySelector<HTMLElement>('.mes-filter-summary'), 'the summary popover');
    expect([...popover.querySelectorAll('.ant-tag')].map((tag) => tag.textContent)).to.deep.equal(['部门：品质部', '账号状态：正常']);
    byText<HTMLElement>(popover, 'button', '重置')!.click();
    await waitFor(() => queries.length === 2, 'the unfiltered fetch');
    expect(queries[1]).to.deep.equal({ page: 1, limit: 10 });
    expect(locationSearch(root)).to.equal('');
  });

  it('moves back to the last page when the URL points beyond it', async () => {
    const { root, queries } = await mountList({ count: 25, path: '/staff?page=9' });
    await waitFor(() => queries.length === 2, 'the fetch of the last page');
    expect(queries.map((query) => query.page)).to.deep.equal([9, 3]);
    expect(locationSearch(root)).to.equal('?page=3');
    await waitFor(() => bodyRows(root).length === 5, 'the five rows of page 3');
  });

  it('shows 暂无数据 for an empty result', async () => {
    const { root } = await mountList({ count: 0 });
    expect(root.querySelector('.mes-list-table .ant-empty-description')?.textContent).to.equal('暂无数据');
    expect(root.querySelector('.ant-pagination-total-text')?.textContent).to.equal('共 0 条');
  });

  it('asks before a destructive row action, then runs it and reloads', async () => {
    const { root, queries, removed } = await mountList({ count: 12 });
    root.querySelector<HTMLElement>('[data-action="delete"]')!.click();
    const dialog = await waitFor(
      () => [...root.querySelectorAll<HTMLElement>('.ant-modal')].find((m) => m.textContent?.includes('确定删除「张工1」吗？')),
      'the confirmation',
    );
    expect(dialog.textContent).to.contain('提示');
    byText<HTMLElement>(dialog, 'button', '确定')!.click();
    await waitFor(() => totalText(root) === '共 11 条', 'the reload');
    expect(removed).to.deep.equal([1]);
    expect(queries).to.have.length(2);
    expect(cells(bodyRows(root)[0]!)[1]).to.equal('王工2');
  });

  it('scrolls a 1000-row page virtually', async function () {
    this.timeout(60_000);
    const { root } = await mountList({ count: 1200, path: '/staff?limit=1000' });
    await sleep(50);
    expect(root.querySelector('.mes-list-table .ant-table-tbody-virtual'), 'virtual body').to.not.equal(null);
    const rendered = bodyRows(root).length;
    expect(rendered, 'only the visible rows are in the DOM').to.be.greaterThan(5).and.lessThan(100);
  });
});
