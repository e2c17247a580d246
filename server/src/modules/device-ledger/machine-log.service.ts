import { sql } from 'kysely';
import {
  MachineLogMessages,
  type MachineLog,
  type MachineLogReport,
  type MachineLogReportResult,
  type MachineOption,
  type OwnMachineLog,
  type OwnMachineLogQuery,
} from '@core/contracts/device-ledger';
import type { Db } from '../../db';
import { formatDateTime } from '../../lib/datetime';
import { validation } from '../../lib/errors';
import { runList, type ListParams } from '../../lib/list-query';
import type { MachineIdentity } from '../../lib/machine-key';
import { FactoryEntity, factoryList, inScope, type RowOf } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';

/** An entry stamped this far ahead of the server clock is a wrong clock, not a future exception. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

export const MACHINE_LOG_LIST = factoryList('l', {
  filters: {
    machineId: { column: 'l.work_machine_id', kind: 'in', label: '一体机', integer: true },
    level: { column: 'l.level', kind: 'in', label: '级别', integer: true },
    message: { column: 'l.message', kind: 'like', label: '异常信息' },
    occurredAt: { column: 'l.occurred_at', kind: 'dateRange', label: '异常时间' },
  },
  sorts: { id: 'l.id', occurredAt: 'l.occurred_at', level: 'l.level' },
  defaultSort: { field: 'occurredAt', direction: 'desc' },
});

function machineLogQuery(db: Db) {
  return db
    .selectFrom('machine_exception_log as l')
    .innerJoin('work_machine as m', 'm.id', 'l.work_machine_id')
    .select([
      'l.id',
      'l.work_machine_id as machineId',
      'm.machine_code as machineCode',
      'm.machine_name as machineName',
      'l.level',
      'l.code',
      'l.message',
      'l.detail',
      'l.device_no as deviceNo',
      'l.occurred_at as occurredAt',
      'l.created_at as createdAt',
    ]);
}

function toMachineLog(row: RowOf<typeof machineLogQuery>): MachineLog {
  const { occurredAt, createdAt, ...rest } = row;
  return { ...rest, occurredAt: formatDateTime(occurredAt), createTime: formatDateTime(createdAt) };
}

/** The exceptions 一体机 report: written with a machine key, read by the machine itself or the factory's users. */
export class MachineLogService extends FactoryEntity({ query: machineLogQuery, alias: 'l', list: MACHINE_LOG_LIST, toView: toMachineLog, notFound: '异常记录不存在' }) {
  constructor(
    db: Db,
    private readonly now: () => Date,
  ) {
    super(db);
  }

  /** Stores every entry or none: a device number must be the machine's factory's, no time past the tolerance. */
  async report(machine: MachineIdentity, request: MachineLogReport): Promise<MachineLogReportResult> {
    const now = this.now().getTime();
    const deviceNos = [...new Set(request.entries.map((entry) => entry.deviceNo?.trim() ?? '').filter(Boolean))];
    const known = deviceNos.length
      ? new Set(
          (
            await this.db
              .selectFrom('device')
              .select('device_no')
              .where('enterprise_id', '=', machine.enterpriseId)
              .where('org_id', '=', machine.orgId)
              .where('device_no', 'in', deviceNos)
              .execute()
          ).map((row) => row.device_no),
        )
      : new Set<string>();
    const rows = request.entries.map((entry, index) => {
      const deviceNo = entry.deviceNo?.trim() ?? '';
      const prefix = request.entries.length > 1 ? `第${index + 1}条：` : '';
      if (deviceNo && !known.has(deviceNo)) throw validation(`${prefix}${MachineLogMessages.deviceNotFound(deviceNo)}`);
      if (entry.at !== undefined && entry.at > now + FUTURE_TOLERANCE_MS) throw validation(`${prefix}${MachineLogMessages.future}`);
      return {
        enterprise_id: machine.enterpriseId,
        org_id: machine.orgId,
        work_machine_id: machine.workMachineId,
        level: entry.level,
        code: entry.code?.trim() ?? '',
        message: entry.message.trim(),
        detail: entry.detail ?? '',
        device_no: deviceNo,
        event_id: entry.eventId?.trim() || null,
        occurred_at: new Date(entry.at ?? now),
      };
    });
    const inserted = await this.db
      .insertInto('machine_exception_log')
      .values(rows)
      .onConflict((oc) => oc.columns(['work_machine_id', 'event_id']).where('event_id', 'is not', null).doNothing())
      .returning('id')
      .execute();
    return { accepted: inserted.length, duplicates: rows.length - inserted.length };
  }

  /** The calling machine's own entries, newest first: nothing of any other machine or factory. */
  async own(machine: MachineIdentity, query: OwnMachineLogQuery): Promise<OwnMachineLog> {
    const scope: Scope = { enterpriseId: machine.enterpriseId, orgId: machine.orgId, userId: 0 };
    const page = await runList(this.db, machineLogQuery(this.db).where('l.work_machine_id', '=', machine.workMachineId), MACHINE_LOG_LIST, scope, query as ListParams, toMachineLog);
    const self = await this.db.selectFrom('work_machine').select(['machine_code', 'machine_name']).where('id', '=', machine.workMachineId).executeTakeFirstOrThrow();
    return { ...page, machineCode: self.machine_code, machineName: self.machine_name };
  }

  async machines(scope: Scope): Promise<MachineOption[]> {
    return this.db
      .selectFrom('work_machine')
      .select(['id', 'machine_code as machineCode', 'machine_name as machineName'])
      .where(inScope(scope))
      .orderBy(sql`machine_code`)
      .execute();
  }
}
