// The default upload function against the real reference server (proxied by WTR): core http posts
// the FormData as multipart with the spec's fields and headers, and unwraps {url, fileName, originalName}.
import { expect } from 'chai';
import { uploadFile } from '@app/components/file-upload';
import { setMode, setToken, setUser } from '@core/session';
import { parseHostUser } from '@app/shell/shell-rules';
import { realLogin } from '../support/console';
import { canvasPng } from './support/fixture';

describe('uploadFile (default upload of the upload components)', () => {
  afterEach(() => {
    setToken(null);
    setUser(null);
    setMode('standalone');
    sessionStorage.clear();
  });

  it('stores a PNG through POST /file/api/v2/upload', async () => {
    const admin = await realLogin('admin', 'admin123');
    setMode('embedded');
    setToken(admin.token);
    setUser(parseHostUser(admin.user));
    const stored = await uploadFile(await canvasPng(32, 16, '设备照片.png'), 0);
    expect(stored.originalName).to.equal('设备照片.png');
    expect(stored.url).to.match(/\.png$/);
    expect(stored.fileName).to.match(/\.png$/);
  });
});
