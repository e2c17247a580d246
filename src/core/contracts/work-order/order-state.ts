import { ORDER_STATUS } from '../../enums';

/**
 * The production order's life (spec §4 order status 0–10), one table for the server, which refuses
 * an illegal action with 4009 and changes nothing, and for the console, which disables the buttons
 * the table refuses.
 *
 *   0 已创建 ──submit──▶ 1 处理中 ──approve──▶ 2 已下单 ──schedule──▶ 3 已部署 ──start──▶ 4 生产中 ──complete/end──▶ 5 已完成 ──close──▶ 6 已核对
 *   8 待录入 (an ERP order whose product or flow is not in the files) ──enter──▶ 0
 *   0 ──approve──▶ 2 when the factory needs no order audit (订单审核配置); 1 ──reject──▶ 0
 *   2 ──hold──▶ 9 不排产 ──release──▶ 2;   3 ──unschedule──▶ 2 while nothing is issued
 *   2/3/4/9 ──suspend──▶ 10 已暂停 ──resume──▶ the status it was suspended from
 *   4/10 ──recycle──▶ 7 已回收 (production stopped, work in progress kept) ──recover──▶ 4
 *   3/4/10 ──end──▶ 5 (结束生产: production state done or short of quantity)
 *
 * Revoking (an ERP 撤销) is not a status: the order keeps its status and moves to the recycling
 * bin (`revoked`), from which it is restored or deleted for good. A revoked order takes no other
 * action. Nothing may be revoked or deleted once a report exists against it.
 */
export const ORDER_ACTIONS = [
  'edit',
  'submit',
  'approve',
  'reject',
  'enter',
  'schedule',
  'unschedule',
  'issue',
  'hold',
  'release',
  'start',
  'suspend',
  'resume',
  'complete',
  'end',
  'recycle',
  'recover',
  'close',
  'revoke',
  'restore',
  'delete',
  'purge',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Chinese names of the actions (messages, history lines, buttons). */
export const ORDER_ACTION_LABEL: Record<OrderAction, string> = {
  edit: '编辑',
  submit: '提交审核',
  approve: '审核通过',
  reject: '驳回',
  enter: '录入完成',
  schedule: '排产',
  unschedule: '取消排产',
  issue: '下发工单',
  hold: '暂不排产',
  release: '恢复排产',
  start: '开始生产',
  suspend: '暂停',
  resume: '恢复',
  complete: '生产完成',
  end: '结束生产',
  recycle: '转回收',
  recover: '恢复生产',
  close: '核对结案',
  revoke: '撤销',
  restore: '还原',
  delete: '删除',
  purge: '彻底删除',
};

/** What the state machine needs to know of an order. */
export interface OrderStateFacts {
  status: number;
  /** The status a suspended (10) order returns to. */
  suspendedFrom: number | null;
  /** In the recycling bin (ERP revoked). */
  revoked: boolean;
  /** Any report (any audit state but 作废) exists against one of its operations. */
  hasReports: boolean;
  /** Any operation is issued (work orders sent to the floor). */
  hasIssued: boolean;
}

/** Statuses from which each status-changing action is legal, and where it leads. */
const MOVES: Partial<Record<OrderAction, { from: readonly number[]; to: number | 'back' | 'same' }>> = {
  edit: { from: [0, 1, 2, 3, 8, 9, 10], to: 'same' },
  submit: { from: [0], to: 1 },
  approve: { from: [0, 1], to: 2 },
  reject: { from: [1], to: 0 },
  enter: { from: [8], to: 0 },
  schedule: { from: [2, 3], to: 3 },
  unschedule: { from: [3], to: 2 },
  issue: { from: [3, 4], to: 'same' },
  hold: { from: [2], to: 9 },
  release: { from: [9], to: 2 },
  start: { from: [3], to: 4 },
  suspend: { from: [2, 3, 4, 9], to: 10 },
  resume: { from: [10], to: 'back' },
  complete: { from: [3, 4], to: 5 },
  end: { from: [3, 4, 10], to: 5 },
  recycle: { from: [4, 10], to: 7 },
  recover: { from: [7], to: 4 },
  close: { from: [5], to: 6 },
  revoke: { from: [0, 1, 2, 3, 8, 9, 10], to: 'same' },
  delete: { from: [0, 1, 2, 8, 9], to: 'same' },
};

export type OrderTransition = { ok: true; status: number } | { ok: false; message: string };

const refuse = (message: string): OrderTransition => ({ ok: false, message });
const statusLabel = (status: number) => ORDER_STATUS.label(status) ?? String(status);

/**
 * Whether `action` is legal for an order in `facts`, and the status it leaves the order in; a
 * refusal carries the Chinese message the server answers with 4009.
 */
export function orderTransition(facts: OrderStateFacts, action: OrderAction): OrderTransition {
  const name = ORDER_ACTION_LABEL[action];
  if (action === 'restore' || action === 'purge') {
    if (!facts.revoked) return refuse(`订单不在回收站中，不能${name}`);
    if (action === 'purge' && facts.hasReports) return refuse('订单已有报工记录，不能彻底删除');
    return { ok: true, status: facts.status };
  }
  if (facts.revoked) return refuse(`订单已撤销（在回收站中），不能${name}`);
  const move = MOVES[action]!;
  if (!move.from.includes(facts.status)) return refuse(`订单状态为「${statusLabel(facts.status)}」，不能${name}`);
  if ((action === 'revoke' || action === 'delete') && facts.hasReports) return refuse(`订单已有报工记录，不能${name}`);
  if ((action === 'unschedule' || action === 'delete') && facts.hasIssued) return refuse(`订单已下发工单，不能${name}`);
  if (move.to === 'same') return { ok: true, status: facts.status };
  if (move.to === 'back') {
    if (facts.suspendedFrom === null || facts.suspendedFrom === 10) return refuse('订单暂停前的状态未知，不能恢复');
    return { ok: true, status: facts.suspendedFrom };
  }
  return { ok: true, status: move.to };
}

/** The actions legal for an order now (the console enables these buttons). */
export function legalOrderActions(facts: OrderStateFacts): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => orderTransition(facts, action).ok);
}
