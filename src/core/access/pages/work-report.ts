import { definePages, TAB_QUERY } from '../page-declaration';

/**
 * 报工审核 and 报工记录 (console module work-report) in the /work-order group. The review page keeps
 * its two tab axes in the URL: `tab` (pending / all) and `kind` (纸箱 / 纸板), and `reportId`.
 */
export const WORK_REPORT_PAGES = definePages('work-report', 'WORK_ORDER', {
  REVIEW: { path: '/work-order-review', title: '报工审核', keepQuery: [...TAB_QUERY, 'kind', 'reportId'] },
  RECORD: { path: '/work-order-record', title: '报工记录', keepQuery: TAB_QUERY },
});
