import { defineAuthorities } from '../module';

/** Authority codes of 印版管理 (/stencil-list), declared once. */
const stencil = defineAuthorities({
  group: 'MENU_STENCIL',
  page: 'MENU_STENCIL_LIST',
  add: { code: 'ACTION_STENCIL_ADD', name: '印版管理-新增' },
  edit: { code: 'ACTION_STENCIL_EDIT', name: '印版管理-编辑' },
  delete: { code: 'ACTION_STENCIL_DELETE', name: '印版管理-删除' },
  import: { code: 'ACTION_STENCIL_IMPORT', name: '印版管理-导入' },
  export: { code: 'ACTION_STENCIL_EXPORT', name: '印版管理-导出' },
});
export const StencilAuthorities = stencil.codes;
/** The button actions above with their permission-tree names. */
export const STENCIL_ACTIONS = stencil.actions;
