import { describe, expect, it } from 'vitest';
import { stencilWear } from './stencil';

describe('stencilWear', () => {
  it('flags a plate from 90 % of its life and past it', () => {
    expect(stencilWear(0, 300_000)).toBe('ok');
    expect(stencilWear(269_999, 300_000)).toBe('ok');
    expect(stencilWear(270_000, 300_000)).toBe('near');
    expect(stencilWear(299_999, 300_000)).toBe('near');
    expect(stencilWear(300_000, 300_000)).toBe('over');
    expect(stencilWear(350_000, 300_000)).toBe('over');
  });
});
