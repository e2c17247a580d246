import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@server/modules/auth';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test-support';
import { multipart, PDF_BYTES, PNG_1X1, type MultipartFile } from '../../test-multipart';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
});
afterAll(async () => {
  await t?.close();
});

function upload(token: string, type: number, files: MultipartFile[], batch = false, fields: Record<string, string> = {}) {
  const body = multipart({ appId: 'mes-pc', orgId: '1001', type: String(type), userId: '1', ...fields }, files);
  return t.app.inject({
    method: 'POST',
    url: batch ? '/file/api/v2/batch/upload' : '/file/api/v2/upload',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

function download(token: string, url: string, enterpriseId?: number) {
  return t.app.inject({ method: 'GET', url: `/file/api/v2/download_url?url=${encodeURIComponent(url)}`, headers: bearer(token, enterpriseId) });
}

/** Every stored file below the test's files directory. */
function storedFiles(): string[] {
  if (!fs.existsSync(t.filesDir)) return [];
  return (fs.readdirSync(t.filesDir, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(t.filesDir, entry)).isFile());
}

async function fileRows(): Promise<number> {
  const rows = await t.db.selectFrom('file_object').select('id').execute();
  return rows.length;
}

describe('upload', () => {
  it('stores an image under <enterprise>/<yyyy-mm>/<uuid>.<ext> and gives it back byte for byte', async () => {
    const response = await upload(admin, 0, [{ filename: '设备照片.png', content: PNG_1X1, contentType: 'image/png' }]);
    const body = response.json();
    expect(body.resultCode).toBe(1000);
    expect(body.resultData).toMatchObject({ originalName: '设备照片.png' });
    expect(body.resultData.fileName).toMatch(/^[0-9a-f-]{36}\.png$/);
    const now = new Date();
    const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    expect(body.resultData.url).toBe(`8888/${month}/${body.resultData.fileName}`);
    expect(fs.readFileSync(path.join(t.filesDir, '8888', month, body.resultData.fileName))).toEqual(PNG_1X1);

    const got = await download(admin, body.resultData.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toContain(encodeURIComponent('设备照片.png'));
    expect(got.rawPayload).toEqual(PNG_1X1);
    const log = await t.db.selectFrom('operation_log').select('operation_content').where('operation_path', '=', '/file/api/v2/upload').execute();
    expect(log.map((row) => row.operation_content)).toContain('上传文件：设备照片.png');
  });

  it('accepts documents whose content matches their extension', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sheet1').addRow(['用户名']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    for (const file of [
      { filename: '订单.xlsx', content: xlsx },
      { filename: '说明.pdf', content: PDF_BYTES },
      { filename: '清单.csv', content: Buffer.from('编号,名称\n1,纸箱\n') },
    ]) {
      const body = (await upload(admin, 1, [file])).json();
      expect(body.resultCode, file.filename).toBe(1000);
      expect(body.resultData.originalName).toBe(file.filename);
    }
  });

  it('refuses content that does not match: a PDF renamed .png, text as pdf, an image as document', async () => {
    const before = [storedFiles().length, await fileRows()];
    expect((await upload(admin, 0, [{ filename: 'fake.png', content: PDF_BYTES, contentType: 'image/png' }])).json()).toEqual({
      resultCode: 4000,
      resultMsg: '请上传大小不超过10M的图片，支持jpg、jpeg、png',
    });
    expect((await upload(admin, 1, [{ filename: 'fake.pdf', content: Buffer.from('just text') }])).json()).toMatchObject({ resultCode: 4000 });
    expect((await upload(admin, 1, [{ filename: 'photo.png', content: PNG_1X1 }])).json()).toEqual({
      resultCode: 4000,
      resultMsg: '文件类型不正确，仅支持 xlsx、xls、pdf、doc、docx、txt、csv 格式',
    });
    expect((await upload(admin, 2, [{ filename: 'clip.mp4', content: PNG_1X1 }])).json()).toEqual({ resultCode: 4000, resultMsg: '仅支持上传 mp4 格式的视频' });
    expect([storedFiles().length, await fileRows()]).toEqual(before);
  });

  it('enforces the spec §5 limits: 6 MB documents, 10 MB images, 200-character names', async () => {
    const before = [storedFiles().length, await fileRows()];
    const bigText = Buffer.alloc(6 * 1024 * 1024 + 1, 'a');
    expect((await upload(admin, 1, [{ filename: 'big.txt', content: bigText }])).json()).toEqual({ resultCode: 4000, resultMsg: '文件大小不能超过 6MB!' });
    const bigImage = Buffer.concat([PNG_1X1, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(admin, 0, [{ filename: 'big.png', content: bigImage }])).json()).toEqual({
      resultCode: 4000,
      resultMsg: '请上传大小不超过10M的图片，支持jpg、jpeg、png',
    });
    const longName = `${'纸'.repeat(197)}.txt`;
    expect([...longName].length).toBe(201);
    expect((await upload(admin, 1, [{ filename: longName, content: Buffer.from('x') }])).json()).toEqual({
      resultCode: 4000,
      resultMsg: '文件上传出错，请检查文件名称是否超过200字',
    });
    expect((await upload(admin, 1, [{ filename: `${'纸'.repeat(196)}.txt`, content: Buffer.from('x') }])).json().resultCode).toBe(1000);
    expect((await upload(admin, 7, [{ filename: 'a.txt', content: Buffer.from('x') }])).json()).toEqual({ resultCode: 4000, resultMsg: '文件类型参数不正确' });
    expect((await upload(admin, 1, [])).json()).toEqual({ resultCode: 4000, resultMsg: '请选择要上传的文件' });
    expect(storedFiles().length).toBe(Number(before[0]) + 1);
  });

  it('stops reading an upload at its type limit, counting what arrives (a 45 MB document is not read whole)', async () => {
    const before = [storedFiles().length, await fileRows()];
    const boundary = 'mesStreamed';
    const head = Buffer.from(
      ['appId', 'mes-pc', 'type', '1'].reduce((text, value, index, all) => (index % 2 ? text : `${text}--${boundary}\r\nContent-Disposition: form-data; name="${value}"\r\n\r\n${all[index + 1]}\r\n`), '') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    );
    const fileBytes = 45 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let pulled = 0;
    const payload = Readable.from(
      (function* body() {
        yield head;
        for (let sent = 0; sent < fileBytes; sent += chunk.length) {
          pulled += chunk.length;
          yield chunk;
        }
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/file/api/v2/batch/upload',
      headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.json()).toEqual({ resultCode: 4000, resultMsg: '文件大小不能超过 6MB!' });
    expect(pulled).toBeLessThan(10 * 1024 * 1024);
    expect([storedFiles().length, await fileRows()]).toEqual(before);
  });

  it('refuses NUL in the text fields of an upload, naming the field', async () => {
    const before = [storedFiles().length, await fileRows()];
    expect((await upload(admin, 1, [{ filename: 'a.txt', content: Buffer.from('x') }], false, { appId: 'mes\u0000pc' })).json()).toEqual({
      resultCode: 4000,
      resultMsg: '应用格式不正确',
    });
    expect([storedFiles().length, await fileRows()]).toEqual(before);
  });

  // (A lone surrogate cannot travel in a UTF-8 multipart header: it arrives as U+FFFD.)
  it('refuses a file name with NUL, naming it', async () => {
    for (const filename of ['a\u0000b.txt', '\u0000.txt']) {
      expect((await upload(admin, 1, [{ filename, content: Buffer.from('x') }])).json(), filename).toEqual({ resultCode: 4000, resultMsg: '文件名称格式不正确' });
    }
  });

  it('batch: stores all files and answers a list, or stores none when one is refused', async () => {
    const ok = (await upload(admin, 0, [{ filename: 'a.png', content: PNG_1X1 }, { filename: 'b.png', content: PNG_1X1 }], true)).json();
    expect(ok.resultCode).toBe(1000);
    expect(ok.resultData.map((file: { originalName: string }) => file.originalName)).toEqual(['a.png', 'b.png']);

    const before = [storedFiles().length, await fileRows()];
    const refused = await upload(admin, 0, [{ filename: 'c.png', content: PNG_1X1 }, { filename: 'd.png', content: PDF_BYTES }], true);
    expect(refused.json()).toEqual({ resultCode: 4000, resultMsg: '请上传大小不超过6M的图片，支持jpg、jpeg、png' });
    expect([storedFiles().length, await fileRows()]).toEqual(before);
    const tooMany = Array.from({ length: 11 }, (_, index) => ({ filename: `${index}.png`, content: PNG_1X1 }));
    expect((await upload(admin, 0, tooMany, true)).json()).toEqual({ resultCode: 4000, resultMsg: '最多上传10个文件' });
    expect((await upload(admin, 0, tooMany.slice(0, 2))).json()).toEqual({ resultCode: 4000, resultMsg: '最多上传1个文件' });
  });

  it('needs a session (HTTP 401) and refuses a factory other than the session one', async () => {
    const body = multipart({ type: '0' }, [{ filename: 'a.png', content: PNG_1X1 }]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/file/api/v2/upload', headers: body.headers, payload: body.payload });
    expect(anonymous.statusCode).toBe(401);
    expect((await upload(admin, 0, [{ filename: 'a.png', content: PNG_1X1 }], false, { orgId: '1002' })).json()).toEqual({
      resultCode: 4003,
      resultMsg: '无权向该工厂上传文件',
    });
    expect((await t.app.inject({ method: 'GET', url: '/file/api/v2/download_url?url=x' })).statusCode).toBe(401);
  });
});

describe('download', () => {
  it("never serves another tenant's file, and never reads a client path", async () => {
    const stored = (await upload(admin, 1, [{ filename: '机密.pdf', content: PDF_BYTES }])).json().resultData;

    // Another enterprise with its own factory and account.
    await t.db.insertInto('enterprise').values({ id: 9999, name: '其他企业' }).execute();
    await t.db.insertInto('org').values({ id: 9001, enterprise_id: 9999, name: '其他工厂' }).execute();
    const { id } = await t.db
      .insertInto('app_user')
      .values({ enterprise_id: 9999, username: 'outsider', nick_name: '外部用户', mobile: '', password_hash: await hashPassword('outsider1') })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_org').values({ enterprise_id: 9999, org_id: 9001, user_id: id, is_default: true }).execute();
    const outsider = await loginAs(t.app, 'outsider', 'outsider1');
    expect((await download(outsider, stored.url, 9999)).json()).toEqual({ resultCode: 4004, resultMsg: '文件不存在或已被删除' });
    // Naming the owner's enterprise is refused before anything is read.
    expect((await download(outsider, stored.url, 8888)).json()).toEqual({ resultCode: 4003, resultMsg: '无权访问该企业数据' });

    // The other factory of the same enterprise does not see it either.
    const planner = await loginAs(t.app, 'planner', 'planner123');
    await t.app.inject({ method: 'POST', url: '/base/switch/user/org/1002', headers: bearer(planner) });
    expect((await download(planner, stored.url)).json().resultCode).toBe(4004);

    for (const probe of ['../../../../etc/passwd', '/etc/passwd', `${t.filesDir}/${stored.url}`, stored.fileName]) {
      expect((await download(admin, probe)).json(), probe).toEqual({ resultCode: 4004, resultMsg: '文件不存在或已被删除' });
    }
    expect((await download(admin, stored.url)).rawPayload).toEqual(PDF_BYTES);
  });
});

describe('startup after a crash', () => {
  it('removes upload temp files a crashed run left in .incoming, keeping stored files and fresh temp files', async () => {
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mes-files-crashed-'));
    const incoming = path.join(filesDir, '.incoming');
    fs.mkdirSync(incoming, { recursive: true });
    fs.mkdirSync(path.join(filesDir, '8888', '2026-01'), { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of ['left-1', 'left-2']) {
      fs.writeFileSync(path.join(incoming, name), 'half an upload');
      fs.utimesSync(path.join(incoming, name), twoHoursAgo, twoHoursAgo);
    }
    // Another process sharing DATA_DIR may be receiving this one right now.
    fs.writeFileSync(path.join(incoming, 'receiving'), 'in flight');
    const stored = path.join(filesDir, '8888', '2026-01', 'kept.png');
    fs.writeFileSync(stored, PNG_1X1);
    fs.utimesSync(stored, twoHoursAgo, twoHoursAgo);

    const restarted = await createTestApp({ filesDir });
    try {
      expect(fs.readdirSync(incoming)).toEqual(['receiving']);
      expect(fs.readFileSync(stored)).toEqual(PNG_1X1);
    } finally {
      await restarted.close();
    }
  });
});
