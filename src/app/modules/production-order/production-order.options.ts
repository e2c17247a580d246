import { ISSUE_STATE, ORDER_STATUS, PRODUCTION_STATE, URGENCY } from '@core/enums';
import type { ProductionOrderListRow } from '@core/contracts/work-order/order';
import { legalOrderActions, type OrderAction } from '@core/contracts/work-order/order-state';

const colored = <V extends number>(options: ReadonlyArray<{ value: V; label: string }>, colors: Record<number, string>) =>
  options.map((option) => ({ ...option, color: colors[option.value] }));

/** Order status tags: open work blue/green, waiting grey/orange, stopped red/purple. */
export const STATUS_OPTIONS = colored(ORDER_STATUS.options, {
  0: 'default',
  1: 'orange',
  2: 'cyan',
  3: 'blue',
  4: 'processing',
  5: 'green',
  6: 'success',
  7: 'purple',
  8: 'gold',
  9: 'default',
  10: 'red',
});
export const URGENCY_OPTIONS = colored(URGENCY.options, { 0: 'default', 1: 'orange', 2: 'volcano', 3: 'red' });
export const ISSUE_STATE_OPTIONS = colored(ISSUE_STATE.options, { 0: 'default', 1: 'blue', 2: 'green', 3: 'red' });
export const PRODUCTION_STATE_OPTIONS = colored(PRODUCTION_STATE.options, { 0: 'default', 1: 'processing', 2: 'purple', 3: 'green', 4: 'orange', 5: 'default' });

/** The actions the state machine allows on a listed order now (the buttons it enables). */
export const legalActionsOf = (row: ProductionOrderListRow): OrderAction[] =>
  legalOrderActions({ status: row.status, suspendedFrom: row.suspendedFrom, revoked: row.revoked, hasReports: row.hasReports, hasIssued: row.hasIssued });

/** Good quantity as a share of planned, 0–100 (whole percent). */
export const progressPercent = (good: number, planned: number) => (planned > 0 ? Math.min(100, Math.floor((good / planned) * 100)) : 0);
