import type { EnumValue } from '@core/enums';

/** Kinds of filter control a FilterForm renders. */
export type FilterType = 'input' | 'select' | 'cascader' | 'daterange' | 'date' | 'tagInput' | 'radioGroup';

/** An option of a select, cascader or radio group (core enum options fit as they are). */
export interface FilterOption {
  label: string;
  value: EnumValue;
  children?: readonly FilterOption[];
  /** Tag colour when the option is shown as a tag in a list. */
  color?: string;
}

/**
 * Filter values are always plain strings (or string lists for multi-valued filters), so they round-trip
 * through the URL unchanged. Dates are 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' strings.
 */
export type FilterValue = string | string[] | undefined;

/** The values of a filter form, by prop. */
export type FilterValues = Record<string, FilterValue>;

/** One filter of a FilterForm. */
export interface FilterItem {
  /** Query parameter name. */
  prop: string;
  label: string;
  type: FilterType;
  options?: readonly FilterOption[];
  /** Select: several values. */
  multiple?: boolean;
  /** Shows a clear control; default true. */
  clearable?: boolean;
  /** date / daterange: pick the time too (else whole days, 00:00:00–23:59:59). */
  datetime?: boolean;
  /** Control width in px; default 200 (daterange 360). */
  width?: number;
  defaultValue?: FilterValue;
  placeholder?: string;
}
