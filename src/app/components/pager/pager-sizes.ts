import { ALTERNATE_PAGE_SIZE_OPTIONS, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@core/constants';

/** 'standard': [20,50,100,200], default 10; 'large': [100,200,500,1000], default 100 (spec §9). */
export type PageSizeSet = 'standard' | 'large';

/** The size choices and default size of a page-size set. */
export function pageSizesOf(set: PageSizeSet = 'standard'): { options: readonly number[]; defaultSize: number } {
  return set === 'large'
    ? { options: ALTERNATE_PAGE_SIZE_OPTIONS, defaultSize: ALTERNATE_PAGE_SIZE_OPTIONS[0] }
    : { options: PAGE_SIZE_OPTIONS, defaultSize: DEFAULT_PAGE_SIZE };
}

/** The pager's total text. */
export const totalText = (total: number): string => `共 ${total} 条`;

/** The last page that still has rows (at least 1). */
export const lastPage = (total: number, limit: number): number => Math.max(1, Math.ceil(total / limit));
