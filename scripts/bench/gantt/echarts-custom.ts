// The alternative the Gantt did not take, measured on the same rows (bench section "gantt"): an
// echarts custom series (one rect per task, rows on a category axis, time on a time axis). A drag
// preview there means a setOption with the moved data on every pointer move; this times the first
// render and such updates, each painted at once (zrender flush).
import { CustomChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { GanttRow } from '@app/modules/schedule/gantt/layout';

echarts.use([CustomChart, GridComponent, CanvasRenderer]);

export function measureEcharts(rows: readonly GanttRow<unknown>[], range: readonly [number, number], height: number, updates: number): { firstMs: number; updateMs: number[] } {
  const element = document.createElement('div');
  element.style.cssText = `width: ${window.innerWidth - 190}px; height: ${height}px;`;
  document.body.appendChild(element);
  const chart = echarts.init(element);
  const data = rows.flatMap((row, index) => row.tasks.map((task) => ({ value: [index, task.start, task.end], itemStyle: { color: task.color } })));
  const option = (items: typeof data) => ({
    animation: false,
    grid: { left: 0, right: 0, top: 0, bottom: 0 },
    xAxis: { type: 'time' as const, min: range[0], max: range[1], show: false },
    yAxis: { type: 'category' as const, data: rows.map((row) => row.label), inverse: true, show: false },
    series: [
      {
        type: 'custom' as const,
        encode: { x: [1, 2], y: 0 },
        data: items,
        renderItem: (_params: unknown, api: { value: (dimension: number) => number; coord: (point: number[]) => number[]; size: (value: number[]) => number[]; style: () => object }) => {
          const start = api.coord([api.value(1), api.value(0)]);
          const end = api.coord([api.value(2), api.value(0)]);
          const rowHeight = api.size([0, 1])[1]!;
          return { type: 'rect', shape: { x: start[0], y: start[1]! - rowHeight / 2 + 5, width: Math.max(2, end[0]! - start[0]!), height: rowHeight - 10 }, style: api.style() };
        },
      },
    ],
  });
  let started = performance.now();
  chart.setOption(option(data));
  chart.getZr().flush();
  const firstMs = performance.now() - started;
  const updateMs: number[] = [];
  for (let step = 0; step < updates; step++) {
    const moved = [...data];
    const item = moved[100]!;
    moved[100] = { ...item, value: [item.value[0]!, item.value[1]! + step * 60_000, item.value[2]! + step * 60_000] };
    started = performance.now();
    chart.setOption({ series: [{ data: moved }] });
    chart.getZr().flush();
    updateMs.push(performance.now() - started);
  }
  chart.dispose();
  element.remove();
  return { firstMs, updateMs };
}
