import { DEVICE_CARE_PAGES } from '@core/access/pages/device-care';
import { defineModule } from '../define-module';
import './home-tiles';

/** 设备点检 (/device-check-cfg) and 设备保养 (/maintenance-cfg): one implementation for both, and their /home to-do tiles. */
export const deviceCareModule = defineModule(DEVICE_CARE_PAGES, {
  CHECK: () => import('./pages/device-check.page'),
  MAINTENANCE: () => import('./pages/maintenance.page'),
});
