import { useMemo } from 'react';
import type { MachineOption } from '@core/contracts/device-ledger';
import { ListPage, useLoaded } from '@app/components';
import { machineLogApi } from '../device-ledger.api';
import { machineLogList } from '../machine-log.list';

const NO_MACHINES: MachineOption[] = [];

/** 一体机异常 tab: the same log the kiosks show on /machineLog, every machine of the factory. */
export default function MachineLogTab() {
  const machines = useLoaded(machineLogApi.machines, 'machines', NO_MACHINES).data;
  const spec = useMemo(() => machineLogList(machines.map((machine) => ({ value: String(machine.id), label: `${machine.machineName}（${machine.machineCode}）` }))), [machines]);
  return (
    <div className="mes-machine-log">
      <ListPage spec={spec} />
    </div>
  );
}
