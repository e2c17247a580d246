import { useMemo, useState } from 'react';
import { App } from 'antd';
import { ListPage, useListReload } from '@app/components';
import { useCareKind } from '../care-kind';
import { orderList } from '../care.lists';
import { ExecuteDialog } from '../components/execute.dialog';

/** 工单: the generated orders, 立即生成, and the execution dialog. */
export default function OrdersTab() {
  const info = useCareKind();
  const { message } = App.useApp();
  const [list, reload] = useListReload();
  const [executing, setExecuting] = useState<number | null>(null);
  const spec = useMemo(
    () => orderList(info, { open: (row) => setExecuting(row.id), generated: (created) => void message.success(created > 0 ? `已生成${created}张工单` : '没有需要生成的工单') }),
    [info, message],
  );
  return (
    <>
      <ListPage handle={list} spec={spec} />
      <ExecuteDialog orderId={executing} onClose={() => setExecuting(null)} onChanged={reload} />
    </>
  );
}
