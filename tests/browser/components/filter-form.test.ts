import { expect } from 'chai';
import { createElement, useState } from 'react';
import { sendKeys } from '@web/test-runner-commands';
import { FilterForm, type FilterItem, type FilterValues } from '@app/components/filter-form';
import { FilterFormDemo, type FilterCall } from './support/demos';
import { byText, mountFixture, sleep, unmountFixtures, waitFor } from './support/fixture';

const ITEMS: FilterItem[] = [
  { prop: 'orderNo', label: '订单号', type: 'input' },
  { prop: 'state', label: '状态', type: 'radioGroup', options: [{ value: 1, label: '待审核' }, { value: 2, label: '已审核' }] },
  { prop: 'customer', label: '客户', type: 'select', options: [{ value: 'c1', label: '华东包装' }] },
  { prop: 'codes', label: '编号', type: 'tagInput' },
  { prop: 'deliveryTime', label: '交期', type: 'daterange' },
];

const shownLabels = (root: ShadowRoot) =>
  [...root.querySelectorAll('.mes-filter-form .ant-form-item-label label')].map((label) => label.textContent?.trim());

/** Applies onChange a while later, as the list does when the URL update renders in a transition. */
function LateApplyDemo({ items, calls }: { items: FilterItem[]; calls: FilterCall[] }) {
  const [values, setValues] = useState<FilterValues>({});
  return createElement(FilterForm, {
    items,
    value: values,
    onChange: (next: FilterValues) => {
      calls.push({ at: 0, values: next });
      setTimeout(() => setValues(next), 300);
    },
  });
}

describe('FilterForm', () => {
  afterEach(unmountFixtures);

  it('debounces typing and picking into one onChange with the merged value', async () => {
    const calls: FilterCall[] = [];
    const root = await mountFixture(() => createElement(FilterFormDemo, { items: ITEMS, calls }));
    root.querySelector<HTMLInputElement>('input[placeholder="请输入订单号"]')!.focus();
    await sendKeys({ type: 'SO-2026' });
    const lastChange = performance.now();
    byText<HTMLElement>(root, '.ant-radio-button-wrapper', '已审核')!.click();
    await sleep(300);
    expect(calls, 'nothing applied while the user is still busy').to.have.length(0);
    await waitFor(() => calls.length > 0, 'the debounced onChange');
    await sleep(700);
    expect(calls).to.have.length(1);
    expect(calls[0]!.values).to.deep.equal({ orderNo: 'SO-2026', state: '2' });
    expect(calls[0]!.at - lastChange).to.be.at.least(390);
  });

  it('waits 500 ms after typing alone', async () => {
    const calls: FilterCall[] = [];
    const root = await mountFixture(() => createElement(FilterFormDemo, { items: ITEMS, calls }));
    const input = root.querySelector<HTMLInputElement>('input[placeholder="请输入订单号"]')!;
    let typed = 0;
    input.addEventListener('input', () => (typed = performance.now()));
    input.focus();
    await sendKeys({ type: 'X' });
    await waitFor(() => calls.length > 0, 'the debounced onChange');
    expect(calls[0]!.at - typed).to.be.at.least(490);
    expect(calls[0]!.values).to.deep.equal({ orderNo: 'X' });
  });

  it('shows three items collapsed and all of them expanded', async () => {
    const root = await mountFixture(() => createElement(FilterFormDemo, { items: ITEMS, calls: [] }));
    expect(shownLabels(root)).to.deep.equal(['订单号', '状态', '客户']);
    byText<HTMLElement>(root, 'button', '展开')!.click();
    await waitFor(() => shownLabels(root).length === 5, 'all five items');
    expect(shownLabels(root)).to.deep.equal(['订单号', '状态', '客户', '编号', '交期']);
    byText<HTMLElement>(root, 'button', '收起')!.click();
    await waitFor(() => shownLabels(root).length === 3, 'three items again');
  });

  it('offers the date shortcuts and applies a whole-day range 00:00:00–23:59:59', async () => {
    const calls: FilterCall[] = [];
    const root = await mountFixture(() => createElement(FilterFormDemo, { items: ITEMS, calls }));
    byText<HTMLElement>(root, 'button', '展开')!.click();
    const picker = await waitFor(() => root.querySelector<HTMLElement>('.ant-picker-range'), 'the range picker');
    picker.querySelector<HTMLInputElement>('input')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    picker.querySelector<HTMLInputElement>('input')!.click();
    const presets = await waitFor(() => root.querySelector('.ant-picker-presets'), 'the shortcut list');
    const labels = [...presets.querySelectorAll('li')].map((li) => li.textContent?.trim());
    expect(labels).to.deep.equal(['今天', '昨天', '最近一周', '最近一月', '最近三月']);
    byText<HTMLElement>(presets, 'li', '昨天')!.click();
    await waitFor(() => calls.length > 0, 'the range applied');
    const [start, end] = calls[0]!.values.deliveryTime as string[];
    expect(start).to.match(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    expect(end).to.equal(`${start!.slice(0, 10)} 23:59:59`);
  });

  it('keeps a pick made while its previous change is still being applied', async () => {
    const calls: FilterCall[] = [];
    const root = await mountFixture(() => createElement(LateApplyDemo, { items: ITEMS, calls }));
    byText<HTMLElement>(root, '.ant-radio-button-wrapper', '待审核')!.click();
    await waitFor(() => calls.length > 0, 'the first change sent');
    // Picked again before the first change came back as the value.
    byText<HTMLElement>(root, '.ant-radio-button-wrapper', '已审核')!.click();
    await waitFor(() => calls.length > 1, 'the second change sent');
    await sleep(800);
    expect(calls.map((call) => call.values)).to.deep.equal([{ state: '1' }, { state: '2' }]);
    expect(root.querySelector('.ant-radio-button-wrapper-checked')?.textContent).to.equal('已审核');
  });
});
