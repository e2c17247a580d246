import { DEVICE_REPAIR_PAGES } from '@core/access/pages/device-repair';
import { defineModule } from '../define-module';

/** 设备维修 (spec §2 /repair-cfg): repair orders through their handle states, and the fault-alert group chats. */
export const deviceRepairModule = defineModule(DEVICE_REPAIR_PAGES, { REPAIR: () => import('./pages/device-repair.page') });
