import { useMemo, useState } from 'react';
import { PaperboardAuthorities as A } from '@core/access/authorities/paperboard';
import { ListPage, useListReload } from '@app/components';
import { RemakeDialog } from '../components/remake.dialog';
import { boardOrderList } from '../orders.list';

/**
 * 尾数订单 (/paperboard/fecalOrders): re-makes (补单) of board scrapped downstream — by hand, imported, or
 * 生成补单 from an audited defect report — joining the next 试排 of their board.
 */
export default function FecalOrdersPage() {
  const [list, reload] = useListReload();
  const [remaking, setRemaking] = useState(false);
  const spec = useMemo(() => {
    const base = boardOrderList({ source: '3' }, { editable: true, sourceReport: true });
    return { ...base, toolbar: [...(base.toolbar ?? []), { key: 'remake', label: '生成补单', authority: A.remake, run: () => setRemaking(true) }] };
  }, []);
  return (
    <>
      <ListPage handle={list} spec={spec} />
      <RemakeDialog open={remaking} onClose={() => setRemaking(false)} onSaved={reload} />
    </>
  );
}
