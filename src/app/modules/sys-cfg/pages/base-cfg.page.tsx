import { lazy } from 'react';
import { TabbedPage } from '../components/tabbed-page';

/** The tabs of 基础配置. */
export const BASE_CFG_TABS = [
  { key: 'enterprise', label: '企业配置', page: lazy(() => import('./enterprise-config.tab')) },
  { key: 'dict', label: '数据字典', page: lazy(() => import('./dict.tab')) },
  { key: 'processDict', label: '工序字典', page: lazy(() => import('./process-dict.tab')) },
];

/** 基础配置 (/base-cfg): enterprise config sections, dictionaries and the process dictionary. */
export default function BaseCfgPage() {
  return <TabbedPage tabs={BASE_CFG_TABS} className="mes-base-cfg" />;
}
