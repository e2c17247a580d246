import { describe, expect, it } from 'vitest';
import type { TicketField } from '@core/contracts/sys-cfg';
import { loneHalfFields, moveField, toggleField } from './ticket-layout';

const field = (fieldKey: string, span: TicketField['span'] = 'half'): TicketField => ({ fieldKey, span, bold: false });

describe('ticket layout', () => {
  it('adds catalogue fields at the end, wide ones full width, and removes them', () => {
    const fields = toggleField(toggleField([], 'workOrderNo', true), 'customerName', true);
    expect(fields).toEqual([field('workOrderNo'), field('customerName', 'full')]);
    expect(toggleField(fields, 'workOrderNo', true)).toBe(fields);
    expect(toggleField(fields, 'workOrderNo', false)).toEqual([field('customerName', 'full')]);
  });

  it('moves a field one place and ignores moves past either end', () => {
    const fields = [field('a'), field('b'), field('c')];
    expect(moveField(fields, 2, -1).map((f) => f.fieldKey)).toEqual(['a', 'c', 'b']);
    expect(moveField(fields, 0, 1).map((f) => f.fieldKey)).toEqual(['b', 'a', 'c']);
    expect(moveField(fields, 0, -1)).toBe(fields);
    expect(moveField(fields, 2, 1)).toBe(fields);
  });

  it('finds half-width fields left alone in their row', () => {
    expect([...loneHalfFields([field('a'), field('b'), field('c')])]).toEqual([2]);
    expect([...loneHalfFields([field('a'), field('b', 'full'), field('c'), field('d')])]).toEqual([0]);
    expect([...loneHalfFields([field('a', 'full'), field('b'), field('c')])]).toEqual([]);
  });
});
