import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../../enums';
import { ORDER_ACTIONS, legalOrderActions, orderTransition, type OrderAction, type OrderStateFacts } from './order-state';

const facts = (status: number, extra: Partial<OrderStateFacts> = {}): OrderStateFacts => ({
  status,
  suspendedFrom: null,
  revoked: false,
  hasReports: false,
  hasIssued: false,
  ...extra,
});

/** Every legal move written out by hand: status → action → status after. */
const LEGAL: Record<number, Partial<Record<OrderAction, number>>> = {
  0: { edit: 0, submit: 1, approve: 2, revoke: 0, delete: 0 },
  1: { edit: 1, approve: 2, reject: 0, revoke: 1, delete: 1 },
  2: { edit: 2, schedule: 3, hold: 9, suspend: 10, revoke: 2, delete: 2 },
  3: { edit: 3, schedule: 3, unschedule: 2, issue: 3, start: 4, suspend: 10, complete: 5, end: 5, revoke: 3 },
  4: { issue: 4, suspend: 10, complete: 5, end: 5, recycle: 7 },
  5: { close: 6 },
  6: {},
  7: { recover: 4 },
  8: { edit: 8, enter: 0, revoke: 8, delete: 8 },
  9: { edit: 9, release: 2, suspend: 10, revoke: 9, delete: 9 },
  10: { edit: 10, end: 5, recycle: 7, revoke: 10 },
};

describe('order state machine', () => {
  it('allows exactly the legal moves of every status and leads where the table says', () => {
    for (const status of ORDER_STATUS.values) {
      const expected = LEGAL[status]!;
      for (const action of ORDER_ACTIONS) {
        if (action === 'resume' || action === 'restore' || action === 'purge') continue;
        const result = orderTransition(facts(status), action);
        if (action in expected) expect(result, `${status} ${action}`).toEqual({ ok: true, status: expected[action] });
        else expect(result.ok, `${status} ${action}`).toBe(false);
      }
    }
  });

  it('refuses with a Chinese message naming the status and the action', () => {
    expect(orderTransition(facts(6), 'edit')).toEqual({ ok: false, message: '订单状态为「已核对」，不能编辑' });
    expect(orderTransition(facts(5), 'suspend')).toEqual({ ok: false, message: '订单状态为「已完成」，不能暂停' });
  });

  it('resumes a suspended order to the status it was suspended from', () => {
    for (const from of [2, 3, 4, 9]) {
      const suspended = orderTransition(facts(from), 'suspend');
      expect(suspended).toEqual({ ok: true, status: 10 });
      expect(orderTransition(facts(10, { suspendedFrom: from }), 'resume')).toEqual({ ok: true, status: from });
    }
    expect(orderTransition(facts(10), 'resume').ok).toBe(false);
    expect(orderTransition(facts(4, { suspendedFrom: 2 }), 'resume').ok).toBe(false);
  });

  it('never revokes or deletes an order with reports, nor unschedules or deletes an issued one', () => {
    expect(orderTransition(facts(3, { hasReports: true }), 'revoke')).toEqual({ ok: false, message: '订单已有报工记录，不能撤销' });
    expect(orderTransition(facts(2, { hasReports: true }), 'delete').ok).toBe(false);
    expect(orderTransition(facts(3, { hasIssued: true }), 'unschedule')).toEqual({ ok: false, message: '订单已下发工单，不能取消排产' });
    expect(orderTransition(facts(3, { hasIssued: true }), 'revoke')).toEqual({ ok: true, status: 3 });
  });

  it('lets a revoked order only be restored or purged, and only a revoked one', () => {
    const revoked = facts(2, { revoked: true });
    expect(legalOrderActions(revoked)).toEqual(['restore', 'purge']);
    expect(orderTransition(revoked, 'edit')).toEqual({ ok: false, message: '订单已撤销（在回收站中），不能编辑' });
    expect(orderTransition(facts(2), 'restore')).toEqual({ ok: false, message: '订单不在回收站中，不能还原' });
    expect(orderTransition(facts(2, { revoked: true, hasReports: true }), 'purge').ok).toBe(false);
  });

  it('lists the legal actions of an order for the buttons', () => {
    expect(legalOrderActions(facts(5))).toEqual(['close']);
    expect(legalOrderActions(facts(10, { suspendedFrom: 4 }))).toEqual(['edit', 'resume', 'end', 'recycle', 'revoke']);
  });
});
