import { describe, expect, it } from 'vitest';
import { previewKind } from './preview-kind';

describe('preview kind', () => {
  it('shows images and PDF inline and the rest as downloads', () => {
    expect(previewKind('/files/a.PNG?x=1')).toBe('image');
    expect(previewKind('合同.pdf')).toBe('pdf');
    expect(previewKind('报表.xlsx')).toBe('download');
    expect(previewKind('/download_url?id=3')).toBe('download');
  });
});
