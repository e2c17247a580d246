import { lazy } from 'react';
import { TabbedPage, type PageTab } from '@app/shared';

const TABS: PageTab[] = [
  { key: 'ledger', label: '设备台账', page: lazy(() => import('./ledger.tab')) },
  { key: 'knowledge', label: '知识库', page: lazy(() => import('./knowledge.tab')) },
  { key: 'machineLog', label: '一体机异常', page: lazy(() => import('./machine-log.tab')) },
];

/** 设备台账 (/device-info): the ledger; 知识库 for check, maintenance and repair people; the 一体机 exception log. */
export default function DeviceLedgerPage() {
  return <TabbedPage className="mes-device-ledger-page" tabs={TABS} />;
}
