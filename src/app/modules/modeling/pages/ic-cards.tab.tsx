import { useMemo, useState } from 'react';
import type { CreateIcCardRequest, IcCard } from '@core/contracts/modeling';
import { ListPage } from '@app/components';
import { personLabel } from '@core/format';
import { factoryUsersApi } from '@app/components/user-select';
import { useLoaded } from '@app/components/use-loaded';
import { EditFormDialog } from '@app/components/form-dialog';
import { icCardsApi } from '../modeling.api';
import { IC_CARD_BIND_FIELDS, IC_CARD_FIELDS } from '../modeling.forms';
import { icCardList } from '../shop-floor.list';

/** IC 卡 tab: cards with the staff member each is bound to; bind and unbind from the row. */
export default function IcCardsTab() {
  const [editing, setEditing] = useState<{ row?: IcCard } | null>(null);
  const [binding, setBinding] = useState<IcCard | null>(null);
  const [version, setVersion] = useState(0);
  const users = useLoaded(factoryUsersApi.all, editing || binding ? 'open' : 'closed', []).data;
  const userOptions = users.map((user) => ({ value: user.userId, label: personLabel(user) }));
  const spec = useMemo(() => icCardList({ openEditor: (row) => setEditing({ row }), openBind: setBinding }), []);
  const row = editing?.row;
  const saved = () => setVersion((value) => value + 1);
  return (
    <>
      <ListPage key={version} spec={spec} />
      <EditFormDialog<CreateIcCardRequest>
        title={editing ? (row ? '编辑IC卡' : '新增IC卡') : null}
        fields={IC_CARD_FIELDS}
        editing={!!row}
        initial={row ? { cardNo: row.cardNo, userId: row.userId ?? undefined, remark: row.remark } : {}}
        options={{ userId: userOptions }}
        onSubmit={(values) => {
          const request = { ...values, userId: values.userId ?? null };
          return row ? icCardsApi.update({ ...request, id: row.id }) : icCardsApi.create(request);
        }}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
      <EditFormDialog<{ userId: number }>
        title={binding ? `绑定IC卡「${binding.cardNo}」` : null}
        fields={IC_CARD_BIND_FIELDS}
        editing
        successText="绑定成功"
        options={{ userId: userOptions }}
        onSubmit={(values) => icCardsApi.bind(binding!.id, values.userId)}
        onClose={() => setBinding(null)}
        onSaved={saved}
      />
    </>
  );
}
