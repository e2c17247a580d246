import { expect } from 'chai';
import { createElement } from 'react';
import type { UploadedFile } from '@app/components/file-upload';
import { uploaderFor } from '@app/components/file-upload';
import { parseHostUser } from '@app/shell/shell-rules';
import { setMode, setToken, setUser } from '@core/session';
import { realLogin } from '../support/console';
import { ImageUploadDemo } from './support/demos';
import { canvasPng, mountFixture, pickFiles, sleep, unmountFixtures, waitFor, waitForMessage, type FixtureElement } from './support/fixture';

const input = (root: ShadowRoot) => root.querySelector<HTMLInputElement>('.mes-image-upload input[type="file"]')!;

describe('ImageUpload', () => {
  afterEach(unmountFixtures);

  async function mount() {
    const calls: string[] = [];
    const changes: UploadedFile[][] = [];
    const upload = async (file: File): Promise<UploadedFile> => {
      calls.push(file.name);
      return { url: `/stored/${file.name}`, fileName: file.name, originalName: file.name };
    };
    const root = await mountFixture(() => createElement(ImageUploadDemo, { upload, changes }));
    return { root, calls, changes };
  }

  it('refuses a .gif with 请上传大小不超过10M的图片，支持jpg、jpeg、png', async () => {
    const { root, calls } = await mount();
    pickFiles(input(root), [new File([new Uint8Array([71, 73, 70, 56])], 'logo.gif', { type: 'image/gif' })]);
    await waitForMessage(root, '请上传大小不超过10M的图片，支持jpg、jpeg、png');
    expect(calls).to.deep.equal([]);
  });

  it('refuses a PNG above 10 MB', async () => {
    const { root, calls } = await mount();
    pickFiles(input(root), [new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' })]);
    await waitForMessage(root, '请上传大小不超过10M的图片，支持jpg、jpeg、png');
    expect(calls).to.deep.equal([]);
  });

  it('decodes the image and refuses one wider than 5000 pixels', async () => {
    const { root, calls } = await mount();
    pickFiles(input(root), [await canvasPng(5001, 8, 'wide.png')]);
    await waitForMessage(root, '图片宽高不能超过5000像素');
    await sleep(100);
    expect(calls).to.deep.equal([]);
  });

  it('uploads a fitting PNG and reports the stored file', async () => {
    const { root, calls, changes } = await mount();
    pickFiles(input(root), [await canvasPng(5000, 20, 'ok.png')]);
    await waitFor(() => changes.length > 0, 'onChange with the stored file');
    expect(calls).to.deep.equal(['ok.png']);
    expect(changes.at(-1)).to.deep.equal([{ url: '/stored/ok.png', fileName: 'ok.png', originalName: 'ok.png' }]);
  });

  it('shows the stored picture through download_url, never its storage handle (real server)', async () => {
    const admin = await realLogin('admin', 'admin123');
    setMode('embedded');
    setToken(admin.token);
    setUser(parseHostUser(admin.user));
    const changes: UploadedFile[][] = [];
    const root = await mountFixture(() => createElement(ImageUploadDemo, { upload: uploaderFor(0), changes }));
    const element = document.querySelector('mes-component-fixture') as FixtureElement;
    element.user = admin.user;
    element.token = admin.token;
    setToken(admin.token);
    pickFiles(input(root), [await canvasPng(40, 20, '设备照片.png')]);
    await waitFor(() => changes.length > 0, 'the stored file', 15_000);
    const handle = changes.at(-1)![0]!.url;
    const thumbnail = await waitFor(() => root.querySelector<HTMLImageElement>('.mes-image-upload img[src^="blob:"]'), 'the thumbnail from download_url', 15_000);
    await waitFor(() => thumbnail.complete && thumbnail.naturalWidth > 0, 'the thumbnail to decode');
    expect(thumbnail.naturalWidth).to.equal(40);
    expect(root.querySelector(`.mes-image-upload img[src$="${handle.split('/').pop()}"]`), 'no <img> loads the handle').to.equal(null);
  });
});
