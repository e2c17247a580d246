import { describe, expect, it } from 'vitest';
import { HttpError } from '@core/http';
import { uploadFailureMessage, UploadRejectedError } from './upload.api';

describe('upload failure messages', () => {
  it('says 上传出错，请重新上传！ when the service answered with a failure', () => {
    expect(uploadFailureMessage(new HttpError('文件类型不支持', { code: 4000 }))).toBe('上传出错，请重新上传！');
    expect(uploadFailureMessage(new HttpError('Payload Too Large', { status: 413 }))).toBe('上传出错，请重新上传！');
    expect(uploadFailureMessage(new UploadRejectedError('no url'))).toBe('上传出错，请重新上传！');
  });

  it('says 上传功能出了点问题，请重试 when the upload never got an answer', () => {
    expect(uploadFailureMessage(new HttpError('Network Error', { code: 'ERR_NETWORK' }))).toBe('上传功能出了点问题，请重试');
    expect(uploadFailureMessage(new TypeError('x is undefined'))).toBe('上传功能出了点问题，请重试');
  });
});
