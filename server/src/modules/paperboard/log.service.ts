import { sql } from 'kysely';
import { type BOARD_LOG_ACTION, type BoardLogEntry, type BoardLogListQuery } from '@core/contracts/paperboard';
import type { PageResult } from '@core/contracts/common';
import type { Db } from '../../db';
import { formatDateTime } from '../../lib/datetime';
import { runList } from '../../lib/list-query';
import { factoryList, type RowOf } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';

/** One line of the scheduling log: who did what to which schedule, with the figures before and after. */
export interface BoardLogLine {
  scheduleId?: number | null;
  scheduleNo?: string;
  action: (typeof BOARD_LOG_ACTION.values)[number];
  content: string;
  before?: string;
  after?: string;
  /** Who, when the scope has no user of the factory (e.g. 'ERP'). */
  userName?: string;
}

/** Writes a log line as the scope's user, or as `line.userName` when the scope has no user (ERP intake, a machine), inside the write's transaction. */
export async function addBoardLog(db: Db, scope: Scope, line: BoardLogLine): Promise<void> {
  const user = await db.selectFrom('app_user').select(sql<string>`coalesce(nullif(nick_name, ''), username)`.as('name')).where('id', '=', scope.userId).executeTakeFirst();
  await db
    .insertInto('board_schedule_log')
    .values({
      enterprise_id: scope.enterpriseId,
      org_id: scope.orgId,
      schedule_id: line.scheduleId ?? null,
      schedule_no: line.scheduleNo ?? '',
      action: line.action,
      user_id: user ? scope.userId : null,
      user_name: user?.name ?? line.userName ?? '',
      content: line.content,
      before: line.before ?? '',
      after: line.after ?? '',
    })
    .execute();
}

const LOG_LIST = factoryList('l', {
  filters: {
    scheduleNo: { column: 'l.schedule_no', kind: 'like', label: '排程号' },
    action: { column: 'l.action', kind: 'in', label: '操作' },
    userName: { column: 'l.user_name', kind: 'like', label: '操作人' },
    createTime: { column: 'l.created_at', kind: 'dateRange', label: '时间' },
  },
  sorts: { id: 'l.id', createTime: 'l.created_at' },
  defaultSort: { field: 'id', direction: 'desc' },
});

function logQuery(db: Db) {
  return db.selectFrom('board_schedule_log as l').select(['l.id', 'l.schedule_id', 'l.schedule_no', 'l.action', 'l.user_name', 'l.content', 'l.before', 'l.after', 'l.created_at']);
}

function toEntry(row: RowOf<typeof logQuery>): BoardLogEntry {
  return {
    id: row.id,
    scheduleId: row.schedule_id,
    scheduleNo: row.schedule_no,
    action: row.action,
    userName: row.user_name,
    content: row.content,
    before: row.before,
    after: row.after,
    createTime: formatDateTime(row.created_at),
  };
}

export function listBoardLog(db: Db, scope: Scope, params: BoardLogListQuery): Promise<PageResult<BoardLogEntry>> {
  return runList(db, logQuery(db), LOG_LIST, scope, params, toEntry);
}
