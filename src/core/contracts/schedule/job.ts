import { Type, type Static } from '@sinclair/typebox';
import { defineEnum } from '../../enums';
import { Id, titled } from '../common';

/**
 * The background schedule calculation of a factory (spec: start calculate time; 自动排产 runs the
 * same way). One job at a time per factory; the screen polls its progress and may abort it. An
 * aborted or failed job changes nothing; a finished one writes every time in one transaction.
 */
export const CALC_JOB_KIND = defineEnum([
  { value: 'calculate', label: '计算排程时间' },
  { value: 'optimize', label: '自动排产' },
]);
export type CalcJobKind = 'calculate' | 'optimize';

export const CALC_JOB_STATE = defineEnum([
  { value: 1, label: '计算中' },
  { value: 2, label: '已完成' },
  { value: 3, label: '已中止' },
  { value: 4, label: '失败' },
]);
export const CalcJobState = { running: 1, done: 2, aborted: 3, failed: 4 } as const;

/** The phases a job reports (progress text). */
export const CALC_JOB_PHASE = defineEnum([
  { value: 'load', label: '读取排产数据' },
  { value: 'solve', label: '计算中' },
  { value: 'write', label: '写入排程结果' },
  { value: 'end', label: '结束' },
]);

export const CalcJob = Type.Object({
  id: Type.Integer({ title: '计算任务ID' }),
  kind: Type.String({ title: '类型' }),
  /** CALC_JOB_STATE: 1 running, 2 done, 3 aborted, 4 failed. */
  state: Type.Integer({ title: '状态' }),
  /** 0–100. */
  progress: Type.Integer({ title: '进度（%）' }),
  phase: Type.String({ title: '阶段' }),
  taskCount: Type.Integer({ title: '任务数' }),
  scheduledCount: Type.Integer({ title: '已排入' }),
  unscheduledCount: Type.Integer({ title: '未排入' }),
  lateOrders: Type.Integer({ title: '延期订单' }),
  setupMinutes: Type.Integer({ title: '准备时间（分钟）' }),
  makespan: Type.Union([Type.String(), Type.Null()], { title: '完工时间' }),
  /** Failure text or a summary (Chinese). */
  message: Type.String({ title: '说明' }),
  startedBy: Type.String({ title: '发起人' }),
  startTime: Type.String({ title: '开始时间' }),
  endTime: Type.String({ title: '结束时间' }),
});
export type CalcJob = Static<typeof CalcJob>;

/** Progress: the factory's running job, else its latest one; null when it never calculated. */
export const CalcProgress = Type.Union([CalcJob, Type.Null()]);
export type CalcProgress = Static<typeof CalcProgress>;

/** cancel_calculate_time: the running job (the id, when given, must be it). */
export const CancelCalcRequest = Type.Object({ id: Type.Optional(titled(Id, '计算任务')) });
export type CancelCalcRequest = Static<typeof CancelCalcRequest>;

/** start_calculate_time: every scheduled task of the factory, queues kept, times recalculated. */
export const StartCalcRequest = Type.Object({});
export type StartCalcRequest = Static<typeof StartCalcRequest>;
