import { lazy, useMemo } from 'react';
import { WorkOrderAuthorities } from '@core/access/authorities/work-order';
import { useCan } from '@app/components';
import { TabbedPage } from '@app/shared';

const SyncLogTab = lazy(() => import('./sync-log.tab'));
const KeysTab = lazy(() => import('./keys.tab'));

/** 订单同步日志 (/erp-log): the ERP messages, and (with 接口密钥) the factory's integration keys; the tab lives in the `tab` query. */
export default function ErpLogPage() {
  const can = useCan();
  const showKeys = can(WorkOrderAuthorities.erpKey);
  const tabs = useMemo(
    () => [{ key: 'log', label: '订单同步日志', page: SyncLogTab }, ...(showKeys ? [{ key: 'key', label: '接口密钥', page: KeysTab }] : [])],
    [showKeys],
  );
  return <TabbedPage tabs={tabs} className="mes-erp-log" />;
}
