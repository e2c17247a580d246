import { ModelingAuthorities } from '../authorities/modeling';
import { definePages, TAB_QUERY } from '../page-declaration';

/** Pages of 建模 (console module modeling) in the /sys-cfg group. */
export const MODELING_PAGES = definePages('modeling', 'SYS', {
  MODELING: { path: '/modeling', title: '建模', keepQuery: TAB_QUERY },
  EDIT_DEVICE: {
    path: '/edit-device',
    title: '编辑设备',
    hidden: true,
    openedBy: [ModelingAuthorities.deviceAdd, ModelingAuthorities.deviceEdit],
  },
  ONE_MACHINE: { path: '/oneMachine', title: '一体机' },
});
