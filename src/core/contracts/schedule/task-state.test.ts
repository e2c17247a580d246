import { describe, expect, it } from 'vitest';
import { TASK_ACTIONS, taskActionRefusal, type TaskStateFacts } from './task-state';

const standby: TaskStateFacts = { status: 0, issued: false, taskType: null, queuePos: null, plannedEnd: null, revoked: false, scheduleState: 0 };
const scheduled: TaskStateFacts = { ...standby, taskType: 2, queuePos: 3, plannedEnd: '2026-12-01 10:00:00' };
const issued: TaskStateFacts = { ...scheduled, status: 1, issued: true };
const started: TaskStateFacts = { ...issued, status: 2, taskType: 4 };

const legal = (facts: TaskStateFacts, unfinished = false) => TASK_ACTIONS.filter((action) => taskActionRefusal(facts, action, unfinished) === undefined);

describe('task action gates (spec §4 schedule tabs)', () => {
  it('lets each place in scheduling take exactly its actions', () => {
    expect(legal(standby)).toEqual(['assignMachine', 'preSchedule', 'manualSchedule', 'autoSchedule']);
    expect(legal({ ...standby, taskType: 1 })).toEqual(['assignMachine', 'cancelPre', 'manualSchedule', 'autoSchedule']);
    expect(legal(scheduled)).toEqual(['assignMachine', 'issue', 'cancel', 'urgent', 'sort']);
    expect(legal(issued)).toEqual(['urgent', 'sort']);
    expect(legal(started)).toEqual([]);
  });

  it('opens the unfinished-task handling only past the planned end, closing only issued tasks and rescheduling only unstarted ones', () => {
    expect(legal(scheduled, true)).toEqual(['assignMachine', 'issue', 'cancel', 'urgent', 'sort', 'carryOver', 'reschedule']);
    expect(legal(issued, true)).toEqual(['urgent', 'sort', 'carryOver', 'close', 'reschedule']);
    expect(legal(started, true)).toEqual(['carryOver', 'close']);
  });

  it('refuses everything on revoked orders but taking their tasks out, and holds 暂不排产 orders out of scheduling', () => {
    expect(legal({ ...scheduled, revoked: true })).toEqual(['batchDelete']);
    expect(taskActionRefusal(standby, 'batchDelete')).toBe('所属订单未撤销，不能删除');
    expect(taskActionRefusal({ ...standby, scheduleState: 3 }, 'manualSchedule')).toBe('所属订单暂不排产');
    expect(taskActionRefusal({ ...scheduled, plannedEnd: null }, 'issue')).toBe('没有计划时间（未排入机台日历），不能下发');
    expect(taskActionRefusal({ ...issued, status: 3 }, 'sort')).toBe('已结束');
  });
});
