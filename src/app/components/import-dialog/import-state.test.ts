import { describe, expect, it } from 'vitest';
import { canConfirm, IMPORT_MESSAGES, importReducer, INITIAL_IMPORT_STATE, submitFailureMessage, type ImportEvent, type ImportState } from './import-state';

const run = (events: ImportEvent[], from: ImportState = INITIAL_IMPORT_STATE) => events.reduce(importReducer, from);

describe('import state machine', () => {
  it('enables 确定 only once the file is uploaded', () => {
    expect(canConfirm(INITIAL_IMPORT_STATE)).toBe(false);
    const uploading = run([{ type: 'pick', fileName: 'a.xlsx' }]);
    expect(uploading.status).toBe('uploading');
    expect(canConfirm(uploading)).toBe(false);
    const ready = run([{ type: 'uploaded', fileUrl: '/f/a.xlsx' }], uploading);
    expect(ready).toEqual({ status: 'ready', fileName: 'a.xlsx', fileUrl: '/f/a.xlsx' });
    expect(canConfirm(ready)).toBe(true);
  });

  it('goes back to idle when the upload fails', () => {
    expect(run([{ type: 'pick', fileName: 'a.xlsx' }, { type: 'uploadFailed' }])).toEqual(INITIAL_IMPORT_STATE);
  });

  it('ends done with 导入成功 or the server message', () => {
    const submitting = run([{ type: 'pick', fileName: 'a.xlsx' }, { type: 'uploaded', fileUrl: 'u' }, { type: 'submit' }]);
    expect(submitting.status).toBe('submitting');
    expect(canConfirm(submitting)).toBe(false);
    expect(run([{ type: 'submitted', outcome: {} }], submitting)).toEqual({ status: 'done', message: '导入成功' });
    expect(run([{ type: 'submitted', outcome: { message: '成功导入3条' } }], submitting)).toEqual({ status: 'done', message: '成功导入3条' });
  });

  it('lists failed rows, and returns to ready when the request itself failed', () => {
    const submitting = run([{ type: 'pick', fileName: 'a.xlsx' }, { type: 'uploaded', fileUrl: 'u' }, { type: 'submit' }]);
    const failed = run([{ type: 'submitted', outcome: { failures: [{ row: 3, message: '手机号格式不正确' }] } }], submitting);
    expect(failed).toMatchObject({ status: 'failed', failures: [{ row: 3, message: '手机号格式不正确' }], message: IMPORT_MESSAGES.failedRows(1) });
    expect(canConfirm(failed)).toBe(false);
    expect(run([{ type: 'submitFailed' }], submitting).status).toBe('ready');
  });

  it('ignores events that do not fit', () => {
    expect(run([{ type: 'submit' }])).toEqual(INITIAL_IMPORT_STATE);
    expect(run([{ type: 'uploaded', fileUrl: 'u' }])).toEqual(INITIAL_IMPORT_STATE);
  });

  it('says 网络超时 for timeouts and the server message otherwise', () => {
    expect(submitFailureMessage(Object.assign(new Error('timeout of 60000ms exceeded'), { code: 'ECONNABORTED' }))).toBe('网络超时');
    expect(submitFailureMessage(new Error('第3行手机号重复'))).toBe('第3行手机号重复');
  });
});
