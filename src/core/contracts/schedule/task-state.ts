import { SCHEDULE_STATE } from '../../enums';

/**
 * The state gates of the task actions, one table for the server (which refuses an illegal action
 * with 4009 and changes nothing) and the console (which disables the buttons it refuses):
 *
 *   待排工序 (type null) ──preSchedule──▶ 预排产 (1) ──cancelPre──▶ 待排工序
 *   待排工序 / 预排产 ──manualSchedule / autoSchedule──▶ 已排产 (2, in a machine queue)
 *   已排产 ──issue──▶ 已下发 (status 0→1, 6→7) ──(first report)──▶ 生产中 (4, status 2)
 *   已排产 (not issued) ──cancel──▶ 待排工序;   assignMachine: not issued, not started
 *   urgent (插单) / sort: queued and not started;   unfinished tasks: queued, past their planned end
 *   batchDelete: tasks of revoked orders only
 */
export const TASK_ACTIONS = [
  'assignMachine',
  'preSchedule',
  'cancelPre',
  'manualSchedule',
  'autoSchedule',
  'issue',
  'cancel',
  'urgent',
  'sort',
  'carryOver',
  'close',
  'reschedule',
  'batchDelete',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/** What the gates need to know of a task (a ScheduleTask row has all of it). */
export interface TaskStateFacts {
  status: number;
  issued: boolean;
  taskType: number | null;
  queuePos: number | null;
  plannedEnd: string | null;
  revoked: boolean;
  scheduleState: number;
}

/** Started on the floor: 2 已开始, 6 联动开始. */
export const isStartedStatus = (status: number) => status === 2 || status === 6;
const inQueue = (facts: TaskStateFacts) => facts.queuePos !== null && (facts.taskType === 2 || facts.taskType === 4 || facts.issued);

/**
 * Why `action` is refused for a task (Chinese, without the task's name), or undefined when legal.
 * `unfinished` says whether the task is past its planned end (the server decides it with its clock).
 */
export function taskActionRefusal(facts: TaskStateFacts, action: TaskAction, unfinished = false): string | undefined {
  if (action === 'batchDelete') return facts.revoked ? undefined : '所属订单未撤销，不能删除';
  if (facts.revoked) return '所属订单已撤销（在回收站中）';
  if (facts.status === 3) return '已结束';
  const started = isStartedStatus(facts.status);
  switch (action) {
    case 'assignMachine':
      if (facts.issued) return '已下发，不能分配机台';
      return started ? '已开始生产，不能分配机台' : undefined;
    case 'preSchedule':
      if (facts.issued || facts.taskType === 2 || facts.taskType === 4) return '已排产，不能预排产';
      if (facts.taskType === 1) return '已在预排产中';
      return facts.scheduleState === 3 ? `所属订单${SCHEDULE_STATE.label(3)}` : undefined;
    case 'cancelPre':
      return facts.taskType === 1 ? undefined : '不在预排产中';
    case 'manualSchedule':
    case 'autoSchedule':
      if (facts.issued || facts.taskType === 2 || facts.taskType === 4) return '已排产';
      return facts.scheduleState === 3 ? `所属订单${SCHEDULE_STATE.label(3)}` : undefined;
    case 'issue':
      if (facts.issued) return '已下发';
      if (facts.taskType !== 2) return '未排产，不能下发';
      return facts.plannedEnd === null ? '没有计划时间（未排入机台日历），不能下发' : undefined;
    case 'cancel':
      if (facts.issued) return '已下发，不能取消排产';
      return facts.taskType === 2 ? undefined : '未排产，不能取消排产';
    case 'urgent':
      if (!inQueue(facts)) return '未排产，不能插单';
      return started ? '已开始生产，不能插单' : undefined;
    case 'sort':
      if (!inQueue(facts)) return '不在机台队列中，不能调整顺序';
      return started ? '已开始生产，不能调整顺序' : undefined;
    case 'carryOver':
    case 'close':
    case 'reschedule':
      if (!inQueue(facts) || !unfinished) return '不是未完工任务';
      if (action === 'close' && !facts.issued) return '未下发，不能关闭';
      if (action === 'reschedule' && started) return '已开始生产，不能重新排产';
      return undefined;
  }
}
