import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { DateOnly, isCalendarDate } from './common';

describe('date-only format', () => {
  it('accepts days that exist and refuses the rest', () => {
    expect(['2026-11-24', '2028-02-29', '1900-01-01'].map(isCalendarDate)).toEqual([true, true, true]);
    expect(['2026-02-29', '2026-13-01', '2026-11-31', '26-11-24', '2026-11-24T00:00', '3000-01-01', ''].map(isCalendarDate)).toEqual(
      [false, false, false, false, false, false, false],
    );
  });

  it('is known to TypeBox, so console forms check it too', () => {
    expect(Value.Check(DateOnly('交货日期'), '2026-02-30')).toBe(false);
    expect(Value.Check(DateOnly('交货日期'), '2026-03-01')).toBe(true);
  });
});
