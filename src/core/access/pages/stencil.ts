import { definePages } from '../page-declaration';

/** Pages of 印版管理 (console module stencil). */
export const STENCIL_PAGES = definePages('stencil', 'STENCIL', {
  LIST: { path: '/stencil-list', title: '印版列表' },
});
