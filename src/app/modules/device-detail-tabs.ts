/**
 * Tabs of 设备详情 (/device-detail, console module device-live) that other modules own. Console
 * modules never import each other, so the list sits here beside the module folders (like
 * registry.ts) and loads each tab lazily; the detail page shows them among its own tabs by `order`
 * (its own: 基本信息 10, 状态时间轴 20, 维修记录 40, 备品备件 50, 设备指标 70).
 *
 * Adding a tab is one entry: `{ key, title, order, load: () => import('./<m>/components/<x>.tab').then((m) => m.<X>) }`,
 * the component taking `DeviceDetailTabProps`.
 */
import type { ComponentType } from 'react';
import { DeviceLedgerAuthorities } from '@core/access/authorities/device-ledger';

export interface DeviceDetailTabProps {
  deviceId: number;
}

export interface DeviceDetailTab {
  key: string;
  title: string;
  order: number;
  /** Code the user must hold to see the tab (none: every user of the page). */
  authority?: string;
  load: () => Promise<ComponentType<DeviceDetailTabProps>>;
}

export const DEVICE_DETAIL_TABS: readonly DeviceDetailTab[] = [
  // ── tabs of other modules: one entry each (see above) ──
  { key: 'care', title: '点检保养记录', order: 30, load: () => import('./device-care/components/device-care-history.tab').then((m) => m.DeviceCareHistoryTab) },
  {
    key: 'pictures',
    title: '设备图片',
    order: 60,
    authority: DeviceLedgerAuthorities.page,
    load: () => import('./device-ledger/components/device-pictures.tab').then((m) => m.DevicePicturesTab),
  },
];
