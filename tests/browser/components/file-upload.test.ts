import { expect } from 'chai';
import { createElement } from 'react';
import { HttpError } from '@core/http';
import type { UploadedFile } from '@app/components/file-upload';
import { FileUploadDemo } from './support/demos';
import { mountFixture, pickFiles, unmountFixtures, waitFor, waitForMessage } from './support/fixture';

const input = (root: ShadowRoot) => root.querySelector<HTMLInputElement>('.mes-file-upload input[type="file"]')!;

describe('FileUpload', () => {
  afterEach(unmountFixtures);

  async function mount(failWith?: () => Error) {
    const calls: string[] = [];
    const changes: UploadedFile[][] = [];
    const upload = async (file: File): Promise<UploadedFile> => {
      calls.push(file.name);
      if (failWith) throw failWith();
      return { url: `/stored/${calls.length}`, fileName: file.name, originalName: file.name };
    };
    const root = await mountFixture(() => createElement(FileUploadDemo, { upload, changes }));
    return { root, calls, changes };
  }

  it('refuses names over 200 characters, files over 6 MB and a second file', async () => {
    const { root, calls, changes } = await mount();
    pickFiles(input(root), [new File(['x'], `${'长'.repeat(197)}.pdf`)]);
    await waitForMessage(root, '文件上传出错，请检查文件名称是否超过200字');
    pickFiles(input(root), [new File([new Uint8Array(6 * 1024 * 1024 + 1)], '图纸.pdf')]);
    await waitForMessage(root, '文件大小不能超过 6MB!');
    expect(calls).to.deep.equal([]);

    pickFiles(input(root), [new File(['ok'], '合同.pdf')]);
    await waitFor(() => changes.length === 1, 'the stored file');
    expect(changes[0]).to.deep.equal([{ url: '/stored/1', fileName: '合同.pdf', originalName: '合同.pdf' }]);
    pickFiles(input(root), [new File(['ok'], '附件.pdf')]);
    await waitForMessage(root, '最多上传1个文件');
    expect(calls).to.deep.equal(['合同.pdf']);
  });

  it('says 上传出错，请重新上传！ when the service refuses the file', async () => {
    const { root, changes } = await mount(() => new HttpError('文件类型不支持', { code: 4000 }));
    pickFiles(input(root), [new File(['x'], 'a.pdf')]);
    await waitForMessage(root, '上传出错，请重新上传！');
    await waitFor(() => root.querySelectorAll('.ant-upload-list-item').length === 0, 'the failed file leaving the list');
    expect(changes.flat()).to.deep.equal([]);
  });

  it('says 上传功能出了点问题，请重试 when the upload never got an answer', async () => {
    const { root } = await mount(() => new HttpError('Network Error', { code: 'ERR_NETWORK' }));
    pickFiles(input(root), [new File(['x'], 'a.pdf')]);
    await waitForMessage(root, '上传功能出了点问题，请重试');
  });
});
