import { lazy } from 'react';
import type { CareKind } from '@core/contracts/device-care';
import { TabbedPage, type PageTab } from '@app/shared';
import { CareKindProvider } from '../care-kind';
import { CARE_CSS } from '../care.lists';

const TABS: readonly PageTab[] = [
  { key: 'orders', label: '工单', page: lazy(() => import('./orders.tab')) },
  { key: 'calendar', label: '日历', page: lazy(() => import('./calendar.tab')) },
  { key: 'plans', label: '计划', page: lazy(() => import('./plans.tab')) },
  { key: 'schemes', label: '方案', page: lazy(() => import('./schemes.tab')) },
  { key: 'knowledge', label: '知识库', page: lazy(() => import('./knowledge.tab')) },
];

/** 设备点检 / 设备保养: the same five tabs (工单, 日历, 计划, 方案, 知识库) for either kind. */
export function CarePage({ kind }: { kind: CareKind }) {
  return (
    <CareKindProvider kind={kind}>
      <style>{CARE_CSS}</style>
      <TabbedPage className={`mes-device-care mes-device-care-${kind}`} tabs={TABS} />
    </CareKindProvider>
  );
}
