import type { TObject, TSchema } from '@sinclair/typebox';
import type { FormField } from './form-fields';

/**
 * One field declared once: its Chinese label, unit and limits. List columns, filters and edit forms
 * are built from it (`columnOf`, `formField`), so a label is never written twice; where a contract
 * schema carries TypeBox `title` / `maxLength` / `minimum` / `maximum`, those win (the server
 * validates with the same schema).
 */
export interface FieldDecl<N extends string = string> {
  name: N;
  label: string;
  /** A shorter column title where the label is too long for a narrow column (default: the label). */
  short?: string;
  /** Unit: the form's suffix and the column title's （unit）. */
  unit?: string;
  /** Text: most characters; number: largest value. */
  max?: number;
  /** Number: smallest value. */
  min?: number;
}

/** What a module writes for a field: its label, or label with unit and limits (used where the schema has none). */
export type FieldFallback = string | Omit<FieldDecl, 'name'>;

type Limits = Pick<FieldDecl, 'max' | 'min'> & { title?: string };

/** title/maxLength/minimum/maximum of a property, looking inside Optional and unions (`Id | null`). */
function limitsOf(schema: TSchema | undefined): Limits {
  if (!schema) return {};
  const own: Limits = {
    title: typeof schema.title === 'string' ? schema.title : undefined,
    max: typeof schema.maxLength === 'number' ? schema.maxLength : typeof schema.maximum === 'number' ? schema.maximum : undefined,
    min: typeof schema.minimum === 'number' ? schema.minimum : undefined,
  };
  const members = (schema.anyOf ?? schema.oneOf ?? []) as TSchema[];
  const inner = members.map(limitsOf);
  const first = <K extends keyof Limits>(key: K) => own[key] ?? inner.find((limits) => limits[key] !== undefined)?.[key];
  return { title: first('title'), max: first('max'), min: first('min') };
}

/** A schema title may carry the unit (`内宽（mm）`): the label drops it when the unit is declared. */
const withoutUnit = (title: string, unit: string | undefined) => (unit ? title.replace(`（${unit}）`, '').replace(`(${unit})`, '') : title);

/**
 * A field read from a contract schema: `fieldFromSchema(CreateWorkshopRequest, 'workshopName', '车间名称')`.
 * The schema's title, maxLength/maximum and minimum win; the fallback gives what the schema lacks.
 */
export function fieldFromSchema<N extends string>(schema: TObject | undefined, name: N, fallback: FieldFallback): FieldDecl<N> {
  const declared = typeof fallback === 'string' ? { label: fallback } : fallback;
  const limits = limitsOf(schema?.properties[name]);
  return {
    ...declared,
    name,
    label: limits.title ? withoutUnit(limits.title, declared.unit) : declared.label,
    max: limits.max ?? declared.max,
    min: limits.min ?? declared.min,
  };
}

/**
 * Every field of one thing, by name: `const F = fieldsOf(CreateWorkshopRequest, { workshopName: '车间名称', deviceCount: '设备数量' })`.
 * Names missing from the schema (list-only columns) take their fallback as is.
 */
export function fieldsOf<const D extends Record<string, FieldFallback>>(schema: TObject | undefined, decls: D): { [K in keyof D & string]: FieldDecl<K> } {
  return Object.fromEntries(Object.entries(decls).map(([name, fallback]) => [name, fieldFromSchema(schema, name, fallback)])) as {
    [K in keyof D & string]: FieldDecl<K>;
  };
}

/** A list column's (or filter's) prop and title: `{ ...columnOf(F.grammage), type: 'number' }` → 克重（g/m²）. */
export const columnOf = <N extends string>(field: FieldDecl<N>): { prop: N; label: string } => ({
  prop: field.name,
  label: field.unit ? `${field.short ?? field.label}（${field.unit}）` : (field.short ?? field.label),
});

/** An edit-form field: `formField(F.workshopName, 'text', { required: true })`; label, limits and unit (suffix) come from the declaration. */
export function formField(field: FieldDecl, kind: FormField['kind'], extra: Partial<Omit<FormField, 'name' | 'kind'>> = {}): FormField {
  const out: FormField = { name: field.name, label: field.label, kind };
  // Limits bound what is typed; an id picked from a select has no use for them.
  const typed = kind === 'text' || kind === 'textarea' || kind === 'number';
  if (typed && field.max !== undefined) out.max = field.max;
  if (typed && field.min !== undefined) out.min = field.min;
  if (field.unit !== undefined) out.suffix = field.unit;
  return { ...out, ...extra };
}
