import { CarePage } from './care.page';

/** 设备保养 (/maintenance-cfg). */
export default function MaintenancePage() {
  return <CarePage kind="maintenance" />;
}
