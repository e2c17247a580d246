import { useMemo, useState } from 'react';
import { Empty, Segmented } from 'antd';
import { CARE_KINDS, type CareKind } from '@core/contracts/device-care';
import { ListPage, useCan, useListReload } from '@app/components';
import { CareKindProvider, careKindInfo } from '../care-kind';
import { CARE_CSS, orderList } from '../care.lists';
import { ExecuteDialog } from './execute.dialog';

/** One kind's orders of the device, newest first, opening the order (read-only once done). */
function DeviceOrders({ kind, deviceId }: { kind: CareKind; deviceId: number }) {
  const [list, reload] = useListReload();
  const [open, setOpen] = useState<number | null>(null);
  const spec = useMemo(() => {
    const info = careKindInfo(kind);
    const base = orderList(info, { open: (row) => setOpen(row.id), generated: () => undefined });
    return {
      ...base,
      urlState: false,
      toolbar: [],
      columns: base.columns.filter((column) => column.prop !== 'deviceName'),
      fetch: (query: Parameters<typeof info.api.orders.list>[0]) => info.api.orders.list({ ...query, deviceId }),
    };
  }, [kind, deviceId]);
  return (
    <CareKindProvider kind={kind}>
      <ListPage handle={list} spec={spec} />
      <ExecuteDialog orderId={open} onClose={() => setOpen(null)} onChanged={reload} />
    </CareKindProvider>
  );
}

/**
 * 点检/保养记录 of one device (the device-detail page's tab): its check and maintenance orders with
 * their state, abnormal items and raised repairs; each kind shown to those who may open its page.
 */
export function DeviceCareHistoryTab({ deviceId }: { deviceId: number }) {
  const can = useCan();
  const kinds = CARE_KINDS.filter((kind) => can(careKindInfo(kind).A.page));
  const [chosen, setChosen] = useState<CareKind | null>(null);
  const kind = chosen && kinds.includes(chosen) ? chosen : kinds[0];
  if (!kind) return <Empty description="没有查看点检或保养记录的权限" />;
  return (
    <div className="mes-device-care-history">
      <style>{CARE_CSS}</style>
      <Segmented<CareKind>
        value={kind}
        onChange={setChosen}
        options={kinds.map((value) => ({ value, label: `${careKindInfo(value).noun}记录` }))}
        style={{ marginBottom: 12 }}
      />
      <DeviceOrders key={kind} kind={kind} deviceId={deviceId} />
    </div>
  );
}
