import { useEffect, useMemo, useState } from 'react';
import type { IcCard } from '@core/contracts/modeling';
import { ListPage, useListReload, type FieldOption } from '@app/components';
import { EditFormDialog } from '@app/components/form-dialog';
import { icCardsApi } from '../modeling.api';
import { IC_CARD_BIND_FIELDS } from '../modeling.forms';
import { icCardList, loadUserOptions } from '../shop-floor.list';

/** IC 卡 tab: cards with the staff member each is bound to; add/edit is the list's editor, bind a dialog of its own. */
export default function IcCardsTab() {
  const [binding, setBinding] = useState<IcCard | null>(null);
  const [users, setUsers] = useState<Record<string, FieldOption[] | undefined>>({});
  const [list, reload] = useListReload();
  useEffect(() => {
    if (binding) void loadUserOptions().then(setUsers, () => undefined);
  }, [binding]);
  const spec = useMemo(() => icCardList({ openBind: setBinding }), []);
  return (
    <>
      <ListPage handle={list} spec={spec} />
      <EditFormDialog<{ userId: number }>
        title={binding ? `绑定IC卡「${binding.cardNo}」` : null}
        fields={IC_CARD_BIND_FIELDS}
        editing
        successText="绑定成功"
        options={users}
        onSubmit={(values) => icCardsApi.bind(binding!.id, values.userId)}
        onClose={() => setBinding(null)}
        onSaved={reload}
      />
    </>
  );
}
