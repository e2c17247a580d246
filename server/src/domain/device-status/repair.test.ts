import { describe, expect, it } from 'vitest';
import { ILLEGAL_TRANSITION_CODE, REPAIR_STATE, transition, type RepairAction, type RepairState } from './repair';

const REPAIRER = 7;
const INSPECTOR = 9;
const ACTIONS: RepairAction[] = [
  { type: 'start' },
  { type: 'submit' },
  { type: 'accept', by: INSPECTOR, repairers: [REPAIRER] },
  { type: 'reject', by: INSPECTOR, repairers: [REPAIRER] },
];
const STATES: RepairState[] = [1, 2, 4, 3];

describe('repair order state machine', () => {
  it('allows exactly pending → processing → pending acceptance → finished and rejection back to processing', () => {
    const table = STATES.map((state) => [state, ...ACTIONS.map((action) => transition(state, action))]);
    expect(table).toEqual([
      [1, { ok: true, state: 2 }, refused('待处理', '提交验收'), refused('待处理', '验收通过'), refused('待处理', '验收驳回')],
      [2, refused('处理中', '开始维修'), { ok: true, state: 4 }, refused('处理中', '验收通过'), refused('处理中', '验收驳回')],
      [4, refused('待验收', '开始维修'), refused('待验收', '提交验收'), { ok: true, state: 3 }, { ok: true, state: 2 }],
      [3, refused('已完成', '开始维修'), refused('已完成', '提交验收'), refused('已完成', '验收通过'), refused('已完成', '验收驳回')],
    ]);
  });

  it('refuses acceptance or rejection by one of the repairers', () => {
    const own = { ok: false, code: ILLEGAL_TRANSITION_CODE, message: '验收人不能是维修人' };
    expect(transition(REPAIR_STATE.pendingAcceptance, { type: 'accept', by: REPAIRER, repairers: [3, REPAIRER] })).toEqual(own);
    expect(transition(REPAIR_STATE.pendingAcceptance, { type: 'reject', by: REPAIRER, repairers: [REPAIRER] })).toEqual(own);
    expect(transition(REPAIR_STATE.pendingAcceptance, { type: 'accept', by: INSPECTOR, repairers: [] })).toEqual({ ok: true, state: 3 });
  });

  it('refuses a state outside the spec', () => {
    expect(transition(5 as RepairState, { type: 'start' })).toEqual(refused('5', '开始维修'));
  });
});

function refused(label: string, action: string) {
  return { ok: false, code: ILLEGAL_TRANSITION_CODE, message: `维修单状态为「${label}」，不能${action}` };
}
