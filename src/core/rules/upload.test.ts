import { describe, expect, it } from 'vitest';
import { checkDocument, checkImage, checkImagePixels, checkImportFile } from './upload';

const MB = 1024 * 1024;

describe('document upload', () => {
  it('6 MB default size with the exact message', () => {
    expect(checkDocument({ name: 'a.pdf', size: 6 * MB })).toBeNull();
    expect(checkDocument({ name: 'a.pdf', size: 6 * MB + 1 })).toBe('文件大小不能超过 6MB!');
    expect(checkDocument({ name: 'a.pdf', size: 9 * MB }, 0, { maxSizeMb: 10 })).toBeNull();
  });
  it('file name at most 200 characters', () => {
    expect(checkDocument({ name: `${'文'.repeat(196)}.pdf`, size: 1 })).toBeNull();
    expect(checkDocument({ name: `${'文'.repeat(197)}.pdf`, size: 1 })).toBe('文件上传出错，请检查文件名称是否超过200字');
  });
  it('1 file by default, configurable', () => {
    expect(checkDocument({ name: 'a.pdf', size: 1 }, 1)).toBe('最多上传1个文件');
    expect(checkDocument({ name: 'a.pdf', size: 1 }, 2, { maxCount: 3 })).toBeNull();
    expect(checkDocument({ name: 'a.pdf', size: 1 }, 3, { maxCount: 3 })).toBe('最多上传3个文件');
  });
});

describe('image upload', () => {
  it('jpg/jpeg/png only (any case)', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png']) expect(checkImage({ name, size: 1 })).toBeNull();
    for (const name of ['a.gif', 'a.webp', 'png']) {
      expect(checkImage({ name, size: 1 })).toBe('请上传大小不超过10M的图片，支持jpg、jpeg、png');
    }
  });
  it('10 MB single, 6 MB multiple', () => {
    expect(checkImage({ name: 'a.png', size: 10 * MB })).toBeNull();
    expect(checkImage({ name: 'a.png', size: 10 * MB + 1 })).toBe('请上传大小不超过10M的图片，支持jpg、jpeg、png');
    expect(checkImage({ name: 'a.png', size: 6 * MB }, 0, { multiple: true })).toBeNull();
    expect(checkImage({ name: 'a.png', size: 6 * MB + 1 }, 0, { multiple: true })).toBe(
      '请上传大小不超过6M的图片，支持jpg、jpeg、png',
    );
  });
  it('4 images when multiple', () => {
    expect(checkImage({ name: 'a.png', size: 1 }, 3, { multiple: true })).toBeNull();
    expect(checkImage({ name: 'a.png', size: 1 }, 4, { multiple: true })).toBe('最多上传4张图片');
  });
  it('5000 pixel limit', () => {
    expect(checkImagePixels(5000, 5000)).toBeNull();
    expect(checkImagePixels(5001, 10)).toBe('图片宽高不能超过5000像素');
    expect(checkImagePixels(10, 5001)).not.toBeNull();
  });
});

describe('import file', () => {
  it('xlsx / xls only', () => {
    expect(checkImportFile({ name: '设备.xlsx' })).toBeNull();
    expect(checkImportFile({ name: '设备.XLS' })).toBeNull();
    expect(checkImportFile({ name: '设备.csv' })).toBe('仅支持上传 .xlsx、.xls 格式的文件');
  });
});
