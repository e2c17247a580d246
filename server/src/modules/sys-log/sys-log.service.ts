import type { PageResult } from '@core/contracts/common';
import { OPERATION_SOURCES, OPERATION_SYSTEMS, type SysLogEntry } from '@core/contracts/sys-log';
import type { Db } from '../../db';
import type { ExportColumn } from '../../lib/excel-export';
import { runList, streamList, type ListParams } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { formatDateTime } from '../../lib/datetime';
import type { OperationNaming } from './operation-names';
import { factoryList, type RowOf } from '../../lib/scoped';

export const SYS_LOG_LIST = factoryList('l', {
  filters: {
    operator: { column: 'u.nick_name', kind: 'like', label: '操作人' },
    operationPath: { column: 'l.operation_path', kind: 'like', label: '操作路径' },
    /** Filled from operationName: the logged paths whose name matches. */
    operationPaths: { column: 'l.operation_path', kind: 'in', label: '操作' },
    operationContent: { column: 'l.operation_content', kind: 'like', label: '操作内容' },
    operationSource: { column: 'l.operation_source', kind: 'in', label: '来源', integer: true },
    createTime: { column: 'l.created_at', kind: 'dateRange', label: '操作时间' },
  },
  sorts: { id: 'l.id', createTime: 'l.created_at' },
  defaultSort: { field: 'createTime', direction: 'desc' },
});

export function sourceLabel(source: number): string {
  return OPERATION_SOURCES.find((option) => option.value === source)?.label ?? String(source);
}

function systemLabel(system: number): string {
  return OPERATION_SYSTEMS.find((option) => option.value === system)?.label ?? String(system);
}

export const SYS_LOG_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<SysLogEntry>> = [
  { header: '操作时间', value: (entry) => entry.createTime, width: 22 },
  { header: '操作人', value: (entry) => entry.operator },
  { header: '账号', value: (entry) => entry.userName },
  { header: '操作', value: (entry) => entry.operationName, width: 30 },
  { header: '操作内容', value: (entry) => entry.operationContent, width: 60 },
  { header: '来源', value: (entry) => entry.operationSourceName },
  { header: '系统', value: (entry) => entry.operationSystemName },
];

function logQuery(db: Db) {
  return db
    .selectFrom('operation_log as l')
    .leftJoin('app_user as u', 'u.id', 'l.user_id')
    .select([
      'l.id',
      'l.user_id as userId',
      'u.nick_name as nickName',
      'u.username as userName',
      'l.operation_path as operationPath',
      'l.operation_content as operationContent',
      'l.operation_source as operationSource',
      'l.operation_system as operationSystem',
      'l.created_at as createdAt',
    ]);
}
type LogRow = RowOf<typeof logQuery>;

const toEntry = (nameOf: OperationNaming['nameOf']) => (row: LogRow): SysLogEntry => {
  return {
    id: row.id,
    userId: row.userId,
    operator: row.nickName ?? (row.userId === null ? '系统' : ''),
    userName: row.userName ?? '',
    operationPath: row.operationPath,
    operationName: nameOf(row.operationPath),
    operationContent: row.operationContent,
    operationSource: row.operationSource,
    operationSourceName: sourceLabel(row.operationSource),
    operationSystem: row.operationSystem,
    operationSystemName: systemLabel(row.operationSystem),
    createTime: formatDateTime(row.createdAt),
  };
};

/** A name filter becomes the set of route paths so named (none matching: a path no route has). */
function withNamedPaths(params: ListParams, naming: OperationNaming): ListParams {
  const wanted = typeof params.operationName === 'string' ? params.operationName.trim() : '';
  if (!wanted) return params;
  const paths = naming.pathsNamed(wanted);
  return { ...params, operationPaths: paths.length > 0 ? paths.join(',') : '-' };
}

/** The system log (/sys-log): the factory's operation_log, newest first. */
export class SysLogService {
  constructor(private readonly db: Db) {}

  list(scope: Scope, params: ListParams, naming: OperationNaming): Promise<PageResult<SysLogEntry>> {
    return runList(this.db, logQuery(this.db), SYS_LOG_LIST, scope, withNamedPaths(params, naming), toEntry(naming.nameOf), {
      countBase: { query: this.db.selectFrom('operation_log as l'), aliases: ['l'] },
    });
  }

  /** Every entry the list would show for these filters (validated before the first row). */
  rows(scope: Scope, params: ListParams, naming: OperationNaming): AsyncIterable<SysLogEntry> {
    return streamList(logQuery(this.db), SYS_LOG_LIST, scope, withNamedPaths(params, naming), toEntry(naming.nameOf));
  }
}
