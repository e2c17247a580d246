import { useMemo, useState } from 'react';
import type { CreateWorkMachineRequest, WorkMachine } from '@core/contracts/modeling';
import { ListPage } from '@app/components';
import { useLoaded } from '@app/components/use-loaded';
import { EditFormDialog } from '@app/components/form-dialog';
import { devicesApi, workMachinesApi } from '../modeling.api';
import { WORK_MACHINE_FIELDS } from '../modeling.forms';
import { workMachineList } from '../shop-floor.list';

/** 一体机 tab (also the /oneMachine page): the shop-floor terminals and the devices each reports for. */
export default function WorkMachinesTab() {
  const [editing, setEditing] = useState<{ row?: WorkMachine } | null>(null);
  const [version, setVersion] = useState(0);
  const devices = useLoaded(devicesApi.all, editing ? 'open' : 'closed', []).data;
  const spec = useMemo(() => workMachineList((row) => setEditing({ row })), []);
  const row = editing?.row;
  return (
    <>
      <ListPage key={version} spec={spec} />
      <EditFormDialog<CreateWorkMachineRequest>
        title={editing ? (row ? '编辑一体机' : '新增一体机') : null}
        fields={WORK_MACHINE_FIELDS}
        editing={!!row}
        initial={row ? { ...row, deviceIds: row.devices.map((device) => device.deviceId) } : { deviceIds: [] }}
        options={{ deviceIds: devices.map((device) => ({ value: device.id, label: `${device.deviceName}（${device.deviceNo}）` })) }}
        onSubmit={(values) => {
          const request = { ...values, ip: values.ip ?? '', deviceIds: values.deviceIds ?? [] };
          return row ? workMachinesApi.update({ ...request, id: row.id }) : workMachinesApi.create(request);
        }}
        onClose={() => setEditing(null)}
        onSaved={() => setVersion((value) => value + 1)}
      />
    </>
  );
}
