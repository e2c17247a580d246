import { describe, expect, it } from 'vitest';
import type { WorkFlowMap } from '@core/contracts/modeling';
import { layoutProcessMap, mapEdges } from './process-map.layout';

const process = (id: number, processName: string) => ({ id, processCode: `P${id}`, processName });
const flow = (id: number, processIds: number[]) => ({ id, flowCode: `F${id}`, flowName: `路线${id}`, isTemplate: true, productName: '', processIds });
const PROCESSES = [process(1, '瓦线'), process(2, '印刷'), process(3, '模切'), process(4, '糊箱'), process(5, '打包'), process(6, '贴窗')];

describe('process map layout', () => {
  it('counts the flows of each consecutive step once', () => {
    const edges = mapEdges([flow(1, [1, 2, 4, 5]), flow(2, [1, 2, 3, 4, 5]), flow(3, [2, 4, 5, 2, 4])]);
    expect(edges.map((edge) => [edge.key, edge.flowIds])).toEqual([
      ['1>2', [1, 2]],
      ['2>4', [1, 3]],
      ['4>5', [1, 2, 3]],
      ['2>3', [2]],
      ['3>4', [2]],
      ['5>2', [3]],
    ]);
  });

  it('puts each process right of every process before it, unused ones in a last column', () => {
    const map: WorkFlowMap = { processes: PROCESSES, flows: [flow(1, [1, 2, 4, 5]), flow(2, [1, 2, 3, 4, 5]), flow(3, [2, 4, 5])] };
    const { nodes } = layoutProcessMap(map);
    const columnOf = Object.fromEntries(nodes.map((node) => [node.name, node.column]));
    expect(columnOf).toEqual({ 瓦线: 0, 印刷: 1, 模切: 2, 糊箱: 3, 打包: 4, 贴窗: 5 });
    expect(nodes.find((node) => node.name === '贴窗')!.unused).toBe(true);
    expect(new Set(nodes.map((node) => `${node.x},${node.y}`)).size).toBe(nodes.length);
  });

  it('still lays out flows that form a cycle', () => {
    const map: WorkFlowMap = { processes: PROCESSES.slice(0, 3), flows: [flow(1, [1, 2, 3]), flow(2, [3, 2])] };
    const columns = layoutProcessMap(map).nodes.map((node) => node.column);
    expect(columns).toEqual([0, 1, 2]);
  });
});
