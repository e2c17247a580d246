/** FilterSummary: 筛选 button with the count of active filters, their list and 重置. */
export { FilterSummary, type FilterSummaryProps } from './filter-summary';
