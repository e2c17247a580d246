import { CRUD_TRANSFER, defineAuthorities, entityActions } from '../module';

/** Authority codes of 印版管理 (/stencil-list), declared once. */
const stencil = defineAuthorities({
  group: 'MENU_STENCIL',
  page: 'MENU_STENCIL_LIST',
  ...entityActions('', 'ACTION_STENCIL', '印版管理', CRUD_TRANSFER),
});
export const StencilAuthorities = stencil.codes;
/** The button actions above with their permission-tree names. */
export const STENCIL_ACTIONS = stencil.actions;
