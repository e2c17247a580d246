import { Type, type Static } from '@sinclair/typebox';
import { SysLogAuthorities as A } from '../access/authorities/sys-log';
import { SYSTEM_ID } from '../constants';
import { PageResult, PageSize } from './common';
import { FILE, get, pathsOf, post } from './endpoint';

/** Operation source (spec §7): 1 platform, 2 all-in-one machine, 3 mobile. */
export const OPERATION_SOURCES = [
  { value: 1, label: '平台' },
  { value: 2, label: '一体机' },
  { value: 3, label: '移动端' },
] as const;

/** Systems that write the log (spec §9: this console is system 12). */
export const OPERATION_SYSTEMS = [{ value: SYSTEM_ID, label: '纸箱 MES' }] as const;

export const SysLogQuery = Type.Object({
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1 })),
  limit: PageSize(),
  sort: Type.Optional(Type.String({ title: '排序', maxLength: 50 })),
  operator: Type.Optional(Type.String({ title: '操作人', maxLength: 100 })),
  operationPath: Type.Optional(Type.String({ title: '操作路径', maxLength: 100 })),
  /** Part of the operation's Chinese name (e.g. 新增), matched against the names of the logged paths. */
  operationName: Type.Optional(Type.String({ title: '操作', maxLength: 100 })),
  operationContent: Type.Optional(Type.String({ title: '操作内容', maxLength: 100 })),
  operationSource: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer()], { title: '来源' })),
  createTimeStart: Type.Optional(Type.String({ title: '创建时间', maxLength: 20 })),
  createTimeEnd: Type.Optional(Type.String({ title: '创建时间', maxLength: 20 })),
});
export type SysLogQuery = Static<typeof SysLogQuery>;

export const SysLogEntry = Type.Object({
  id: Type.Integer(),
  userId: Type.Union([Type.Integer(), Type.Null()]),
  operator: Type.String(),
  userName: Type.String(),
  operationPath: Type.String(),
  /** The operation's Chinese name (e.g. 角色管理-新增), from what its route declares. */
  operationName: Type.String(),
  operationContent: Type.String(),
  operationSource: Type.Integer(),
  operationSourceName: Type.String(),
  operationSystem: Type.Integer(),
  operationSystemName: Type.String(),
  createTime: Type.String(),
});
export type SysLogEntry = Static<typeof SysLogEntry>;

/** System log (/sys-log): every write of the system, from operation_log. */
export const SysLogApi = {
  list: get('/dps-server/operation_log/list', { query: SysLogQuery, response: PageResult(SysLogEntry), authority: A.page }),
  /** POST with the list filters; answers an xlsx download. */
  export: post('/dps-server/operation_log/export', { body: SysLogQuery, response: FILE, authority: A.export }),
};
export const SysLogPaths = pathsOf(SysLogApi);
