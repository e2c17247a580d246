import { STENCIL_PAGES } from '@core/access/pages/stencil';
import { defineModule } from '../define-module';

/** 印版管理 (spec §2 /stencil): the printing plates list; `<mes-stencil>` for hosts. */
export const stencilModule = defineModule(
  STENCIL_PAGES,
  { LIST: () => import('./pages/stencil.page') },
  { name: 'mes-stencil', load: () => import('./pages/stencil-element.page') },
);
