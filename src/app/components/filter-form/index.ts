/** FilterForm: filter controls declared as data, debounced into one onChange. */
export { FilterForm, type FilterFormProps } from './filter-form';
/** The control of one filter item (used by FilterForm; handy for custom layouts). */
export { FilterControl, type FilterControlProps, type ChangeKind } from './filter-control';
/** Filter declarations and values (values are strings or string lists). */
export type { FilterItem, FilterOption, FilterType, FilterValue, FilterValues } from './filter-form.types';
/** Pure helpers over filter values (active filters, defaults, comparison). */
export {
  activeFilters,
  compactValues,
  defaultFilterValues,
  describeValue,
  isEmptyValue,
  isMultiValued,
  sameValue,
  sameValues,
  type ActiveFilter,
} from './filter-values';
/** Debounce that merges changes and commits the latest once (used by FilterForm). */
export { useDebouncedCommit } from './use-debounced-commit';
