import type { ModuleRegistration } from '../registry';

/** 印版管理 (spec §2 /stencil): the printing plates list; `<mes-stencil>` for hosts. */
export const stencilModule: ModuleRegistration = {
  module: 'stencil',
  pages: {
    '/stencil-list': () => import('./pages/stencil.page'),
  },
  element: { name: 'mes-stencil', load: () => import('./pages/stencil-element.page') },
};
