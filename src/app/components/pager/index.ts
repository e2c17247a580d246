/** Pager: antd Pagination mapped to page/limit. */
export { Pager, type PagerProps } from './pager';
/** Page-size sets of spec §9 and the pager's helpers. */
export { pageSizesOf, totalText, lastPage, type PageSizeSet } from './pager-sizes';
