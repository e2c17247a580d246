// FilePreview against the real reference server (proxied by WTR): a PNG uploaded through
// /file/api/v2/upload comes back through /file/api/v2/download_url with the session's auth and is
// shown inline from an object URL, which is revoked when the preview goes away.
import { expect } from 'chai';
import { createElement, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { FilePreview } from '@app/components/file-preview';
import { uploadFile } from '@app/components/file-upload';
import { parseHostUser } from '@app/shell/shell-rules';
import { sessionStore, setMode, setToken, setUser } from '@core/session';
import { realLogin } from '../support/console';
import { canvasPng, mountFixture, unmountFixtures, waitFor, type FixtureElement } from './support/fixture';

/** Renders its children only once the element carries this token (the fixture starts with a fake one). */
function WithToken({ token, children }: { token: string; children?: ReactNode }) {
  const current = useStore(sessionStore, (state) => state.token);
  return current === token ? children : null;
}

describe('FilePreview (real server)', () => {
  afterEach(unmountFixtures);

  it('previews an uploaded PNG inline through download_url and revokes its object URL on unmount', async () => {
    const admin = await realLogin('admin', 'admin123');
    setMode('embedded');
    setToken(admin.token);
    setUser(parseHostUser(admin.user));
    const stored = await uploadFile(await canvasPng(48, 24, '纸箱样品.png'), 0);

    const root = await mountFixture(() =>
      createElement(WithToken, { token: admin.token }, createElement(FilePreview, { url: stored.url, fileName: stored.originalName })),
    );
    const element = document.querySelector('mes-component-fixture') as FixtureElement;
    element.user = admin.user;
    element.token = admin.token;

    const image = await waitFor(
      () => root.querySelector<HTMLImageElement>('img.ant-image-img[src^="blob:"]'),
      'the previewed image',
      15_000,
    );
    expect(image.alt).to.equal('纸箱样品.png');
    await waitFor(() => image.complete && image.naturalWidth > 0, 'the image to decode');
    // The real PNG's pixels, not a placeholder.
    expect([image.naturalWidth, image.naturalHeight]).to.deep.equal([48, 24]);
    const src = image.src;
    expect((await (await fetch(src)).blob()).type).to.equal('image/png');

    await unmountFixtures();
    const afterUnmount = await fetch(src).then(
      () => 'readable',
      () => 'revoked',
    );
    expect(afterUnmount).to.equal('revoked');
  });
});
