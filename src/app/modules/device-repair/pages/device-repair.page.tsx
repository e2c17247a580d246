import { lazy } from 'react';
import { DeviceRepairAuthorities as A } from '@core/access/authorities/device-repair';
import { useCan } from '@app/components';
import { TabbedPage, type PageTab } from '@app/shared';

const REPAIRS: PageTab = { key: 'orders', label: '维修单', page: lazy(() => import('./repairs.tab')) };
const WEBHOOKS: PageTab = { key: 'webhooks', label: '告警群设置', page: lazy(() => import('./webhooks.tab')) };

/** 设备维修 (/repair-cfg): repair orders, and the group chats fault alerts go to (for those who may set them). */
export default function DeviceRepairPage() {
  const can = useCan();
  return <TabbedPage className="mes-device-repair" tabs={can(A.webhook) ? [REPAIRS, WEBHOOKS] : [REPAIRS]} />;
}
