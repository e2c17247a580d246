import { TICKET_FIELD_CATALOGUE, type TicketField } from '@core/contracts/sys-cfg';

/** Adds a catalogue field at the end (wide fields take the full row) or removes it. */
export function toggleField(fields: TicketField[], key: string, on: boolean): TicketField[] {
  if (!on) return fields.filter((field) => field.fieldKey !== key);
  if (fields.some((field) => field.fieldKey === key)) return fields;
  const wide = TICKET_FIELD_CATALOGUE.find((entry) => entry.key === key)?.wide ?? false;
  return [...fields, { fieldKey: key, span: wide ? 'full' : 'half', bold: false }];
}

/** Moves the field at `index` one place up (-1) or down (+1). */
export function moveField(fields: TicketField[], index: number, step: -1 | 1): TicketField[] {
  const target = index + step;
  if (target < 0 || target >= fields.length) return fields;
  const next = [...fields];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Indexes of half-width fields with no half-width neighbour in their row (they get an empty filler cell). */
export function loneHalfFields(fields: ReadonlyArray<Pick<TicketField, 'span'>>): Set<number> {
  const lone = new Set<number>();
  let open: number | null = null;
  fields.forEach((field, index) => {
    if (field.span === 'full') {
      if (open !== null) lone.add(open);
      open = null;
    } else if (open === null) open = index;
    else open = null;
  });
  if (open !== null) lone.add(open);
  return lone;
}
