import { REPAIR_STATUS } from '@core/enums';

/** Repair handle states of spec §4: 1 pending → 2 processing → 4 pending acceptance → 3 finished. */
export const REPAIR_STATE = { pending: 1, processing: 2, finished: 3, pendingAcceptance: 4 } as const;

export type RepairState = (typeof REPAIR_STATE)[keyof typeof REPAIR_STATE];

export type RepairAction =
  | { type: 'start' }
  | { type: 'submit' }
  /** `by` decides; `repairers` are the order's repairers, who may not accept or reject their own work. */
  | { type: 'accept'; by: number; repairers: readonly number[] }
  | { type: 'reject'; by: number; repairers: readonly number[] };

export type RepairActionType = RepairAction['type'];

export const REPAIR_ACTION_LABELS: Record<RepairActionType, string> = {
  start: '开始维修',
  submit: '提交验收',
  accept: '验收通过',
  reject: '验收驳回',
};

/** The spec's code for a refused state change. */
export const ILLEGAL_TRANSITION_CODE = 4009;

/** The only legal moves: from → action → to. */
export const REPAIR_TRANSITIONS: ReadonlyArray<{ from: RepairState; action: RepairActionType; to: RepairState }> = [
  { from: REPAIR_STATE.pending, action: 'start', to: REPAIR_STATE.processing },
  { from: REPAIR_STATE.processing, action: 'submit', to: REPAIR_STATE.pendingAcceptance },
  { from: REPAIR_STATE.pendingAcceptance, action: 'accept', to: REPAIR_STATE.finished },
  { from: REPAIR_STATE.pendingAcceptance, action: 'reject', to: REPAIR_STATE.processing },
];

export type TransitionResult = { ok: true; state: RepairState } | { ok: false; code: typeof ILLEGAL_TRANSITION_CODE; message: string };

/** The next state of a repair order, or why the action is refused (nothing changes then). */
export function transition(state: RepairState, action: RepairAction): TransitionResult {
  const move = REPAIR_TRANSITIONS.find((item) => item.from === state && item.action === action.type);
  if (!move) {
    const label = REPAIR_STATUS.label(state);
    return { ok: false, code: ILLEGAL_TRANSITION_CODE, message: `维修单状态为「${label}」，不能${REPAIR_ACTION_LABELS[action.type] ?? '执行此操作'}` };
  }
  if ((action.type === 'accept' || action.type === 'reject') && action.repairers.includes(action.by)) {
    return { ok: false, code: ILLEGAL_TRANSITION_CODE, message: '验收人不能是维修人' };
  }
  return { ok: true, state: move.to };
}
