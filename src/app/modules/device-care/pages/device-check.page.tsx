import { CarePage } from './care.page';

/** 设备点检 (/device-check-cfg). */
export default function DeviceCheckPage() {
  return <CarePage kind="check" />;
}
