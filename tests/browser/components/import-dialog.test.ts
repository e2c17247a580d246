import { expect } from 'chai';
import { createElement } from 'react';
import type { ImportOutcome } from '@app/components/import-dialog';
import { ImportDialogDemo } from './support/demos';
import { byText, mountFixture, pickFiles, unmountFixtures, waitFor, waitForMessage } from './support/fixture';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const confirmButton = (root: ShadowRoot) => byText<HTMLButtonElement>(root, '.ant-modal button', '确定')!;
const fileInput = (root: ShadowRoot) => root.querySelector<HTMLInputElement>('.mes-import-dialog input[type="file"]')!;

describe('ImportDialog', () => {
  afterEach(unmountFixtures);

  it('is titled 导入{title} and keeps 确定 disabled until the file is uploaded; refuses other types', async () => {
    const uploaded: string[] = [];
    let finishUpload: (value: { url: string }) => void = () => undefined;
    const upload = (file: File) => {
      uploaded.push(file.name);
      return new Promise<{ url: string }>((resolve) => (finishUpload = resolve));
    };
    const root = await mountFixture(() => createElement(ImportDialogDemo, { upload, submit: async () => ({}) }));
    const title = await waitFor(() => root.querySelector('.ant-modal-title'), 'the dialog');
    expect(title.textContent).to.equal('导入员工');
    expect(confirmButton(root).disabled).to.equal(true);

    pickFiles(fileInput(root), [new File(['x'], '员工.csv', { type: 'text/csv' })]);
    await waitForMessage(root, '仅支持上传 .xlsx、.xls 格式的文件');
    expect(uploaded).to.deep.equal([]);

    pickFiles(fileInput(root), [new File(['x'], '员工.xlsx', { type: XLSX })]);
    await waitFor(() => uploaded.length === 1, 'the upload call');
    expect(confirmButton(root).disabled, 'still disabled while uploading').to.equal(true);
    finishUpload({ url: '/stored/员工.xlsx' });
    await waitFor(() => !confirmButton(root).disabled, '确定 enabled after the upload');
    expect(root.querySelector('.mes-import-file')?.textContent).to.contain('员工.xlsx');
  });

  it('lists the failing rows with row number and message', async () => {
    const submitted: string[] = [];
    const submit = async (fileUrl: string): Promise<ImportOutcome> => {
      submitted.push(fileUrl);
      return { failures: [{ row: 3, message: '手机号格式不正确' }, { row: 7, message: '部门不存在' }] };
    };
    const root = await mountFixture(() =>
      createElement(ImportDialogDemo, { upload: async () => ({ url: '/stored/a.xlsx' }), submit }),
    );
    await waitFor(() => root.querySelector('.ant-modal-title'), 'the dialog');
    pickFiles(fileInput(root), [new File(['x'], 'a.xlsx', { type: XLSX })]);
    await waitFor(() => !confirmButton(root).disabled, '确定 enabled');
    confirmButton(root).click();
    const table = await waitFor(() => root.querySelector('.mes-import-failures'), 'the failed rows');
    const rows = [...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()),
    );
    expect(rows).to.deep.equal([
      ['3', '手机号格式不正确'],
      ['7', '部门不存在'],
    ]);
    expect(submitted).to.deep.equal(['/stored/a.xlsx']);
    expect(root.textContent).to.contain('共 2 行数据有误，本次未导入任何数据');
    expect(confirmButton(root).disabled).to.equal(true);
  });

  it('says 文件上传失败，请联系系统管理员 when the upload fails, 网络超时 on a submit timeout, 导入成功 on success', async () => {
    let fail = true;
    const upload = async () => {
      if (fail) throw new Error('boom');
      return { url: '/stored/b.xlsx' };
    };
    let timeout = true;
    const submit = async (): Promise<ImportOutcome> => {
      if (timeout) throw Object.assign(new Error('timeout of 60000ms exceeded'), { code: 'ECONNABORTED' });
      return {};
    };
    const root = await mountFixture(() => createElement(ImportDialogDemo, { upload, submit }));
    await waitFor(() => root.querySelector('.ant-modal-title'), 'the dialog');
    pickFiles(fileInput(root), [new File(['x'], 'b.xls')]);
    await waitForMessage(root, '文件上传失败，请联系系统管理员');
    expect(confirmButton(root).disabled).to.equal(true);

    fail = false;
    pickFiles(fileInput(root), [new File(['x'], 'b.xls')]);
    await waitFor(() => !confirmButton(root).disabled, '确定 enabled');
    confirmButton(root).click();
    await waitForMessage(root, '网络超时');
    await waitFor(() => !confirmButton(root).disabled, '确定 enabled again for a retry');

    timeout = false;
    confirmButton(root).click();
    await waitForMessage(root, '导入成功');
  });
});
