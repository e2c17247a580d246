import type { WorkFlowMap } from '@core/contracts/modeling';

/** One process drawn on the map. */
export interface MapNode {
  id: number;
  name: string;
  code: string;
  column: number;
  row: number;
  x: number;
  y: number;
  /** In no flow at all: drawn in a last column of its own. */
  unused: boolean;
}

/** Consecutive steps `from → to`, with the flows that contain them. */
export interface MapEdge {
  key: string;
  from: number;
  to: number;
  flowIds: number[];
}

export interface ProcessMapLayout {
  nodes: MapNode[];
  edges: MapEdge[];
  width: number;
  height: number;
}

export const MAP_NODE = { width: 104, height: 38, gapX: 52, gapY: 22, padding: 20 } as const;

const edgeKey = (from: number, to: number) => `${from}>${to}`;

/** The edges of the map: one per consecutive pair of steps, counting the flows that use it. */
export function mapEdges(flows: WorkFlowMap['flows']): MapEdge[] {
  const edges = new Map<string, MapEdge>();
  for (const flow of flows) {
    for (let index = 1; index < flow.processIds.length; index += 1) {
      const from = flow.processIds[index - 1]!;
      const to = flow.processIds[index]!;
      if (from === to) continue;
      const key = edgeKey(from, to);
      const edge = edges.get(key) ?? { key, from, to, flowIds: [] };
      if (!edge.flowIds.includes(flow.id)) edge.flowIds.push(flow.id);
      edges.set(key, edge);
    }
  }
  return [...edges.values()];
}

/**
 * Columns by the longest chain of steps leading to a process, so every edge points right
 * (瓦线 → 印刷 → 模切 → 成型 → 打包). In a cycle (A→B in one flow, B→A in another) the process
 * reached from one already placed goes first (then the earliest step position), and the edges
 * closing the cycle are ignored.
 */
function columnsOf(ids: number[], edges: MapEdge[], earliest: Map<number, number>): Map<number, number> {
  const incoming = new Map<number, Set<number>>(ids.map((id) => [id, new Set()]));
  for (const edge of edges) incoming.get(edge.to)?.add(edge.from);
  const column = new Map<number, number>();
  const remaining = new Set(ids);
  while (remaining.size > 0) {
    const ready = [...remaining].filter((id) => [...incoming.get(id)!].every((from) => column.has(from) || !remaining.has(from)));
    const reached = (id: number) => ([...incoming.get(id)!].some((from) => column.has(from)) ? 0 : 1);
    const stuck = () => [...remaining].sort((a, b) => reached(a) - reached(b) || (earliest.get(a) ?? 0) - (earliest.get(b) ?? 0) || a - b)[0]!;
    const next = ready.length > 0 ? ready : [stuck()];
    for (const id of next) {
      const before = [...incoming.get(id)!].filter((from) => column.has(from)).map((from) => column.get(from)! + 1);
      column.set(id, Math.max(0, ...before));
      remaining.delete(id);
    }
  }
  return column;
}

/** Lays the processes out in columns and orders each column by where its predecessors sit. */
export function layoutProcessMap(map: WorkFlowMap): ProcessMapLayout {
  const edges = mapEdges(map.flows);
  const earliest = new Map<number, number>();
  for (const flow of map.flows) {
    flow.processIds.forEach((id, index) => earliest.set(id, Math.min(earliest.get(id) ?? index, index)));
  }
  const used = map.processes.filter((process) => earliest.has(process.id));
  const column = columnsOf(
    used.map((process) => process.id),
    edges,
    earliest,
  );
  const lastColumn = Math.max(-1, ...column.values());
  const unusedColumn = lastColumn + 1;
  const order = new Map(map.processes.map((process, index) => [process.id, index]));

  const byColumn = new Map<number, number[]>();
  for (const process of map.processes) {
    const at = column.get(process.id) ?? unusedColumn;
    byColumn.set(at, [...(byColumn.get(at) ?? []), process.id]);
  }
  const rowOf = new Map<number, number>();
  for (const at of [...byColumn.keys()].sort((a, b) => a - b)) {
    const ids = byColumn.get(at)!;
    const weight = (id: number) => {
      const rows = edges.filter((edge) => edge.to === id && rowOf.has(edge.from)).map((edge) => rowOf.get(edge.from)!);
      return rows.length === 0 ? Number.POSITIVE_INFINITY : rows.reduce((sum, row) => sum + row, 0) / rows.length;
    };
    ids.sort((a, b) => {
      const [wa, wb] = [weight(a), weight(b)];
      return wa === wb ? order.get(a)! - order.get(b)! : wa - wb;
    });
    ids.forEach((id, row) => rowOf.set(id, row));
  }

  const { width, height, gapX, gapY, padding } = MAP_NODE;
  const nodes = map.processes.map((process): MapNode => {
    const at = column.get(process.id) ?? unusedColumn;
    const row = rowOf.get(process.id)!;
    return {
      id: process.id,
      name: process.processName,
      code: process.processCode,
      column: at,
      row,
      x: padding + at * (width + gapX),
      y: padding + row * (height + gapY),
      unused: !column.has(process.id),
    };
  });
  const columns = Math.max(1, ...nodes.map((node) => node.column + 1));
  const rows = Math.max(1, ...nodes.map((node) => node.row + 1));
  return {
    nodes,
    edges,
    width: padding * 2 + columns * width + (columns - 1) * gapX,
    height: padding * 2 + rows * height + (rows - 1) * gapY,
  };
}
