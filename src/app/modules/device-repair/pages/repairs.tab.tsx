import { useCallback, useMemo, useState } from 'react';
import type { Repair } from '@core/contracts/device-repair';
import { ListPage, useListReload } from '@app/components';
import { RepairDrawer } from '../components/repair-drawer';
import { RepairEditorDialog } from '../components/repair-editor.dialog';
import { RejectDialog } from '../components/reject.dialog';
import { repairList } from '../repair.list';

/** 维修单: the list, the order's drawer and the 驳回 dialog. */
export default function RepairsTab() {
  const [list, reload] = useListReload();
  const [detailId, setDetailId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<Repair | null>(null);
  const spec = useMemo(
    () =>
      repairList({
        openDetail: (row) => setDetailId(row.id),
        openReject: setRejecting,
        editor: { render: (props) => <RepairEditorDialog {...props} /> },
      }),
    [],
  );
  const closeReject = useCallback(() => setRejecting(null), []);
  return (
    <>
      <ListPage handle={list} spec={spec} />
      <RepairDrawer id={detailId} onClose={() => setDetailId(null)} />
      <RejectDialog row={rejecting} onClose={closeReject} onSaved={reload} />
    </>
  );
}
