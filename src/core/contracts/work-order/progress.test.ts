import { describe, expect, it } from 'vitest';
import { progressPercent } from './progress';

describe('order progress arithmetic', () => {
  it('gives the share of the planned quantity in percent with one decimal, 0 when nothing is planned', () => {
    expect(progressPercent(400, 1060)).toBe(37.7);
    expect(progressPercent(1050, 1100)).toBe(95.5);
    expect(progressPercent(1100, 1000)).toBe(110);
    expect(progressPercent(0, 500)).toBe(0);
    expect(progressPercent(10, 0)).toBe(0);
  });
});
