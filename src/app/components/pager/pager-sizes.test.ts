import { describe, expect, it } from 'vitest';
import { lastPage, pageSizesOf, totalText } from './pager-sizes';

describe('pager sizes', () => {
  it('offers [20,50,100,200] with default 10, or [100,200,500,1000] on request', () => {
    expect(pageSizesOf()).toEqual({ options: [20, 50, 100, 200], defaultSize: 10 });
    expect(pageSizesOf('large')).toEqual({ options: [100, 200, 500, 1000], defaultSize: 100 });
  });

  it('says 共 N 条 and knows the last page', () => {
    expect(totalText(1234)).toBe('共 1234 条');
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(21, 10)).toBe(3);
  });
});
