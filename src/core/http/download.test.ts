import { describe, expect, it, vi } from 'vitest';
import { fileNameFromDisposition, saveBlob, xlsxFileName } from './download';

describe('fileNameFromDisposition', () => {
  it('prefers the RFC 5987 filename*', () => {
    const header = `attachment; filename="fallback.xlsx"; filename*=UTF-8''${encodeURIComponent('设备台账.xlsx')}`;
    expect(fileNameFromDisposition(header)).toBe('设备台账.xlsx');
  });
  it('reads quoted, bare and percent-encoded filename', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameFromDisposition('attachment; filename=report.xls')).toBe('report.xls');
    expect(fileNameFromDisposition(`attachment; filename=${encodeURIComponent('订单.xlsx')}`)).toBe('订单.xlsx');
  });
  it('null without a name', () => {
    expect(fileNameFromDisposition(undefined)).toBeNull();
    expect(fileNameFromDisposition('inline')).toBeNull();
  });
});

describe('xlsxFileName', () => {
  it('always ends in a single .xlsx', () => {
    expect(xlsxFileName('订单')).toBe('订单.xlsx');
    expect(xlsxFileName('订单.xlsx')).toBe('订单.xlsx');
    expect(xlsxFileName('订单.XLS')).toBe('订单.xlsx');
    expect(xlsxFileName('  ')).toBe('导出.xlsx');
  });
});

describe('saveBlob', () => {
  it('clicks a temporary anchor on an object URL, removes it, revokes the URL', () => {
    vi.useFakeTimers();
    const anchor = { href: '', download: '', style: { display: '' }, click: vi.fn() };
    const body = { appendChild: vi.fn(), removeChild: vi.fn() };
    const doc = { createElement: vi.fn(() => anchor), body };
    const urlApi = { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() };
    const blob = new Blob(['data']);
    saveBlob(blob, '订单.xlsx', doc as never, urlApi as never);
    expect(urlApi.createObjectURL).toHaveBeenCalledWith(blob);
    expect(anchor).toMatchObject({ href: 'blob:x', download: '订单.xlsx' });
    expect(anchor.click).toHaveBeenCalledTimes(1);
    expect(body.appendChild).toHaveBeenCalledWith(anchor);
    expect(body.removeChild).toHaveBeenCalledWith(anchor);
    expect(urlApi.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(urlApi.revokeObjectURL).toHaveBeenCalledWith('blob:x');
    vi.useRealTimers();
  });
});
