import type { ModuleRegistration } from '../registry';

/** 建模 (spec §2 /modeling): workshops, devices (full editor at hidden /edit-device), processes, process flows and the process map, products, class teams, all-in-one machines (also /oneMachine), IC cards and bad phenomena; `<mes-modeling>` for hosts. */
export const modelingModule: ModuleRegistration = {
  module: 'sys-cfg',
  pages: {
    '/modeling': () => import('./pages/modeling.page'),
    '/edit-device': () => import('./pages/edit-device.page'),
    '/oneMachine': () => import('./pages/one-machine.page'),
  },
  element: { name: 'mes-modeling', load: () => import('./pages/modeling-element.page') },
};
