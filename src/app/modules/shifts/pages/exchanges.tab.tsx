import { useMemo, useState } from 'react';
import type { CreateExchangeRequest } from '@core/contracts/shifts';
import { ListPage, useLoaded, useListReload } from '@app/components';
import { EditFormDialog } from '@app/components/form-dialog';
import { pickersApi } from '../shifts.api';
import { exchangesApi } from '../shifts.api';
import { EXCHANGE_FIELDS } from '../shifts.forms';
import { exchangeList } from '../shifts.list';

/** 调班 tab: the exchange list and its create dialog. */
export default function ExchangesTab() {
  const [creating, setCreating] = useState(false);
  const [list, reload] = useListReload();
  const staff = useLoaded(pickersApi.staff, 'staff', []).data;
  const people = useMemo(() => staff.map((user) => ({ value: user.userId, label: user.nickName })), [staff]);
  const spec = useMemo(() => exchangeList(() => setCreating(true)), []);
  return (
    <>
      <ListPage handle={list} spec={spec} />
      <EditFormDialog<CreateExchangeRequest>
        title={creating ? '新增调班' : null}
        fields={EXCHANGE_FIELDS}
        options={{ userId: people, targetUserId: people }}
        successText="调班成功"
        onSubmit={(values) => exchangesApi.create(values)}
        onClose={() => setCreating(false)}
        onSaved={reload}
      />
    </>
  );
}
