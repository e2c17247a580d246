import { TrimRefusal, type TrimInstance, type TrimOrder } from './types';
import { MAX_DECIMALS, decimals, minRunUnits, scaleOf, toUnits } from './units';

/** Rule 6: the sheets an order may receive, [⌈qty(1−t)⌉, ⌊qty(1+t)⌋] (guarded against 0.97 × 100 = 96.999…). */
export function sheetRange(qty: number, tolerance: number): { min: number; max: number } {
  return { min: Math.ceil(qty * (1 - tolerance) - 1e-9), max: Math.floor(qty * (1 + tolerance) + 1e-9) };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function integer(value: unknown, what: string, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new TrimRefusal(`${what}必须是不小于 ${min} 的整数（当前为 ${JSON.stringify(value)}）`);
  }
  return value;
}

/** A size in mm: a positive (or, with `zero`, non-negative) number of at most three decimals. */
function size(value: unknown, what: string, zero = false, orderId?: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (value === 0 && !zero) || decimals(value) < 0) {
    throw new TrimRefusal(`${what}必须是${zero ? '不小于 0' : '大于 0'} 的数，最多 ${MAX_DECIMALS} 位小数（当前为 ${JSON.stringify(value)}）`, orderId);
  }
  return value;
}

function optionalInteger(value: unknown, what: string): number {
  return value === undefined ? 0 : integer(value, what, 0);
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new TrimRefusal(`${what}必须是文本`);
  return value;
}

function parseOrder(raw: unknown, index: number): TrimOrder {
  if (!isObject(raw)) throw new TrimRefusal(`第 ${index + 1} 个订单格式不正确`);
  const id = text(raw.id, `第 ${index + 1} 个订单的编号`).trim();
  if (!id) throw new TrimRefusal(`第 ${index + 1} 个订单缺少编号`);
  const qty = raw.qty;
  if (typeof qty !== 'number' || !Number.isInteger(qty) || qty <= 0) {
    throw new TrimRefusal(`订单 ${id} 的数量（张）必须是正整数（当前为 ${JSON.stringify(qty)}）`, id);
  }
  return { id, width: size(raw.width, `订单 ${id} 的宽度（mm）`, false, id), length: size(raw.length, `订单 ${id} 的长度（mm）`, false, id), qty };
}

/**
 * Reads an instance (parsed JSON) and refuses it when malformed or when an order cannot be
 * placed by any run under the rules: too wide for the widest roll, or too short for the minimum
 * run length with no order it could run beside.
 */
export function parseTrimInstance(raw: unknown): TrimInstance {
  if (!isObject(raw)) throw new TrimRefusal('排产实例必须是一个 JSON 对象');
  const name = raw.name === undefined ? '' : text(raw.name, '实例名称 name');
  const board = isObject(raw.board)
    ? { flute: text(raw.board.flute ?? '', '楞型 board.flute'), code: text(raw.board.code ?? '', '纸板编码 board.code') }
    : { flute: '', code: '' };
  if (!Array.isArray(raw.rollWidths) || raw.rollWidths.length === 0) throw new TrimRefusal('门幅 rollWidths 至少要有一个');
  const rollWidths = [...new Set(raw.rollWidths.map((w) => size(w, '门幅 rollWidths')))].sort((a, b) => a - b);
  const minTrim = size(raw.minTrim, '最小修边 minTrim（mm）', true);
  const maxOuts = integer(raw.maxOuts, '最大切数 maxOuts', 1);
  const maxOrdersPerPattern = integer(raw.maxOrdersPerPattern, '每刀订单数 maxOrdersPerPattern', 1);
  const tolerance = raw.tolerance;
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0 || tolerance >= 1) {
    throw new TrimRefusal(`超欠数比例 tolerance 必须在 0 到 1 之间（当前为 ${JSON.stringify(tolerance)}）`);
  }
  const minRunLength = raw.minRunLength === undefined ? 0 : raw.minRunLength;
  if (typeof minRunLength !== 'number' || !Number.isFinite(minRunLength) || minRunLength < 0) {
    throw new TrimRefusal(`最短开机长度 minRunLength 必须是不小于 0 的数（当前为 ${JSON.stringify(minRunLength)}）`);
  }
  const maxRunsPerOrder = optionalInteger(raw.maxRunsPerOrder, '每单最多排程次数 maxRunsPerOrder');
  if (!Array.isArray(raw.orders)) throw new TrimRefusal('订单 orders 必须是数组');
  const orders = raw.orders.map(parseOrder);
  const seen = new Set<string>();
  for (const order of orders) {
    if (seen.has(order.id)) throw new TrimRefusal(`订单编号 ${order.id} 重复`, order.id);
    seen.add(order.id);
  }
  const instance: TrimInstance = { name, board, rollWidths, minTrim, maxOuts, maxOrdersPerPattern, tolerance, minRunLength, maxRunsPerOrder, orders };
  refuseUnplaceable(instance);
  return instance;
}

function refuseUnplaceable(instance: TrimInstance): void {
  const scale = scaleOf(instance);
  const widest = instance.rollWidths[instance.rollWidths.length - 1];
  const usableUnits = toUnits(widest, scale) - toUnits(instance.minTrim, scale);
  const usable = usableUnits / scale;
  const minRun = minRunUnits(instance.minRunLength, scale);
  const longestLane = (order: TrimOrder) => sheetRange(order.qty, instance.tolerance).max * toUnits(order.length, scale);
  for (const order of instance.orders) {
    if (toUnits(order.width, scale) > usableUnits) {
      throw new TrimRefusal(
        `订单 ${order.id} 无法排产：宽度 ${order.width} mm 超过最宽门幅 ${widest} mm 减最小修边 ${instance.minTrim} mm（${usable} mm）`,
        order.id,
      );
    }
  }
  if (minRun <= 0) return;
  const long = instance.orders.filter((order) => longestLane(order) >= minRun);
  const pairs = instance.maxOrdersPerPattern >= 2 && instance.maxOuts >= 2;
  for (const order of instance.orders) {
    if (longestLane(order) >= minRun) continue;
    const partner = pairs && long.some((other) => other.id !== order.id && toUnits(other.width, scale) + toUnits(order.width, scale) <= usableUnits);
    if (!partner) {
      const metres = longestLane(order) / scale / 1000;
      throw new TrimRefusal(
        `订单 ${order.id} 无法排产：最多 ${sheetRange(order.qty, instance.tolerance).max} 张 × ${order.length} mm 只有 ${metres} m，` +
          `不足最短开机长度 ${instance.minRunLength} m，且没有可以并排拼单的订单`,
        order.id,
      );
    }
  }
}
