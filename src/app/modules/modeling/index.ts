import { MODELING_PAGES } from '@core/access/pages/modeling';
import { defineModule } from '../define-module';

/** 建模 (spec §2 /modeling): workshops, devices (full editor at hidden /edit-device), processes, process flows and the process map, products, class teams, all-in-one machines (also /oneMachine), IC cards and bad phenomena; `<mes-modeling>` for hosts. */
export const modelingModule = defineModule(
  MODELING_PAGES,
  {
    MODELING: () => import('./pages/modeling.page'),
    EDIT_DEVICE: () => import('./pages/edit-device.page'),
    ONE_MACHINE: () => import('./pages/one-machine.page'),
  },
  { name: 'mes-modeling', load: () => import('./pages/modeling-element.page') },
);
