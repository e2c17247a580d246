import type { ModuleRegistration } from '../registry';

/** 建模 (spec §2 /modeling): workshops, devices, processes, process flows and products; `<mes-modeling>` for hosts. */
export const modelingModule: ModuleRegistration = {
  module: 'sys-cfg',
  pages: {
    '/modeling': () => import('./pages/modeling.page'),
  },
  element: { name: 'mes-modeling', load: () => import('./pages/modeling-element.page') },
};
