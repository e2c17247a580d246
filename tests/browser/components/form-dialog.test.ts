import { expect } from 'chai';
import { createElement } from 'react';
import { Form, Input } from 'antd';
import { sendKeys } from '@web/test-runner-commands';
import { FormDialog } from '@app/components/form-dialog';
import { useEditorForm } from '@app/components/use-loaded';
import { mountFixture, unmountFixtures, waitFor } from './support/fixture';

const EDITING = { row: { id: 1 } };

/** The editor of a record its dialog loads first, as the team, flow, plan, scheme and repair editors do (useEditorForm). */
function LoadingEditor({ load, saved }: { load: Promise<{ name: string }>; saved: Array<Record<string, unknown>> }) {
  const [form] = Form.useForm();
  const { loading } = useEditorForm(form, EDITING, () => load, (record) => record ?? {});
  return createElement(FormDialog, {
    open: true,
    title: '编辑计划',
    editing: true,
    loading,
    save: async () => saved.push(await form.validateFields()),
    onClose: () => undefined,
    children: createElement(Form, { form }, createElement(Form.Item, { name: 'name', label: '计划名称' }, createElement(Input, { placeholder: '请输入计划名称' }))),
  });
}

describe('FormDialog', () => {
  afterEach(unmountFixtures);

  it('keeps the fields and 确定 disabled while its data loads, so nothing typed meanwhile is wiped', async () => {
    let arrive: (record: { name: string }) => void = () => undefined;
    const load = new Promise<{ name: string }>((resolve) => (arrive = resolve));
    const saved: Array<Record<string, unknown>> = [];
    const root = await mountFixture(() => createElement(LoadingEditor, { load, saved }));
    const input = await waitFor(() => root.querySelector<HTMLInputElement>('input[placeholder="请输入计划名称"]'), 'the 计划名称 field');
    const ok = root.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!;
    expect(ok.textContent?.replace(/\s/g, '')).to.equal('确定');
    expect(input.disabled, 'the field while loading').to.equal(true);
    expect(ok.disabled, '确定 while loading').to.equal(true);
    expect(root.querySelector('.ant-modal-body .ant-spin-spinning'), 'a spinner').to.not.equal(null);
    // A user typing now types into nothing.
    input.focus();
    await sendKeys({ type: '月度点检' });
    expect(input.value).to.equal('');

    arrive({ name: '一号线点检' });
    await waitFor(() => !input.disabled && input.value === '一号线点检', 'the loaded record in an enabled field');
    expect(ok.disabled).to.equal(false);
    expect(root.querySelector('.ant-modal-body .ant-spin-spinning')).to.equal(null);
    input.focus();
    input.select();
    await sendKeys({ type: '二号线点检' });
    expect(input.value).to.equal('二号线点检');
    ok.click();
    await waitFor(() => saved.length === 1, 'the save');
    expect(saved[0]).to.deep.equal({ name: '二号线点检' });
  });
});
