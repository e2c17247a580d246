import { lazy } from 'react';
import { TabbedPage } from '@app/shared';

const WorkshopsTab = lazy(() => import('./workshops.tab'));
const DevicesTab = lazy(() => import('./devices.tab'));
const ProcessesTab = lazy(() => import('./processes.tab'));
const WorkFlowsTab = lazy(() => import('./work-flows.tab'));
const ProductsTab = lazy(() => import('./products.tab'));
const TeamsTab = lazy(() => import('./teams.tab'));
const WorkMachinesTab = lazy(() => import('./work-machines.tab'));
const IcCardsTab = lazy(() => import('./ic-cards.tab'));
const BadReasonsTab = lazy(() => import('./bad-reasons.tab'));

/** The tabs of 建模, in the order a factory fills its master data. */
export const MODELING_TABS = [
  { key: 'workshop', label: '车间', page: WorkshopsTab },
  { key: 'device', label: '设备', page: DevicesTab },
  { key: 'process', label: '工序', page: ProcessesTab },
  { key: 'workFlow', label: '工艺路线', page: WorkFlowsTab },
  { key: 'product', label: '产品档案', page: ProductsTab },
  { key: 'team', label: '班组', page: TeamsTab },
  { key: 'workMachine', label: '一体机', page: WorkMachinesTab },
  { key: 'icCard', label: 'IC 卡', page: IcCardsTab },
  { key: 'badReason', label: '不良现象', page: BadReasonsTab },
] as const;

/** 建模 (/modeling): one tab per kind of master data; the tab lives in the `tab` query. */
export default function ModelingPage() {
  return <TabbedPage tabs={MODELING_TABS} className="mes-modeling" />;
}
