import { lazy, useMemo } from 'react';
import { SysCfgAuthorities as A } from '@core/access/authorities/sys-cfg';
import { useCan } from '@app/components';
import { TabbedPage } from '@app/shared';

/** The tabs of 基础配置; a tab with an authority shows only to users holding it. */
export const BASE_CFG_TABS = [
  { key: 'enterprise', label: '企业配置', page: lazy(() => import('./enterprise-config.tab')) },
  { key: 'dict', label: '数据字典', page: lazy(() => import('./dict.tab')) },
  { key: 'processDict', label: '工序字典', page: lazy(() => import('./process-dict.tab')) },
  { key: 'ticketTemplate', label: '流转卡模板', page: lazy(() => import('./ticket-templates.tab')), authority: A.ticketTemplate },
];

/** 基础配置 (/base-cfg): enterprise config sections, dictionaries, the process dictionary and ticket templates. */
export default function BaseCfgPage() {
  const can = useCan();
  const tabs = useMemo(() => BASE_CFG_TABS.filter((tab) => can(tab.authority)), [can]);
  return <TabbedPage tabs={tabs} className="mes-base-cfg" />;
}
