import { useCallback, useMemo, useState } from 'react';
import { App } from 'antd';
import type { ErpLogEntry } from '@core/contracts/work-order/erp';
import { ListPage, useListReload } from '@app/components';
import { ErpLogDrawer } from '../components/erp-log.drawer';
import { erpLogApi } from '../erp-log.api';
import { erpLogList } from '../erp-log.list';

/** The sync log list; a row opens its detail (payload, outcome, the order's pending change warnings). */
export default function SyncLogTab() {
  const { message } = App.useApp();
  const [open, setOpen] = useState<ErpLogEntry | null>(null);
  const [list, reload] = useListReload();
  const retry = useCallback(
    async (ids: number[]) => {
      const { retried, succeeded } = await erpLogApi.retry(ids);
      if (succeeded === retried) void message.success(retried === 1 ? '重试成功' : `重试成功${succeeded}条`);
      else void message.warning(`已重试${retried}条，成功${succeeded}条，其余仍未成功，请查看结果`);
    },
    [message],
  );
  const spec = useMemo(() => erpLogList(setOpen, retry), [retry]);
  return (
    <>
      <ListPage handle={list} spec={spec} />
      <ErpLogDrawer entry={open} onClose={() => setOpen(null)} onChanged={reload} />
    </>
  );
}
