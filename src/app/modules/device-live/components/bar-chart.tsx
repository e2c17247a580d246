import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import type { ComposeOption, EChartsType } from 'echarts/core';
import { BarChart as EBarChart, type BarSeriesOption } from 'echarts/charts';
import { GridComponent, TooltipComponent, type GridComponentOption, type TooltipComponentOption } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the board draws (RECIPES.md: echarts/core with the parts used); this file is imported
// by the board page alone, so echarts loads with that lazy page and nowhere else.
echarts.use([EBarChart, GridComponent, TooltipComponent, CanvasRenderer]);

type Option = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

export interface BarItem {
  label: string;
  value: number;
  color?: string;
}

export interface BarChartProps {
  items: BarItem[];
  /** Shown after each value (e.g. '%', ' h'). */
  unit: string;
  /** Axis maximum (100 for a rate); none: from the data. */
  max?: number;
  /** Horizontal bars (long labels such as downtime reasons). */
  horizontal?: boolean;
  fontSize?: number;
  height: number;
}

/** A dark-themed bar chart with its values written on the bars, for the big screen. */
export function BarChart({ items, unit, max, horizontal = false, fontSize = 20, height }: BarChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const element = host.current!;
    chart.current = echarts.init(element, undefined, { renderer: 'canvas' });
    const resize = new ResizeObserver(() => chart.current?.resize());
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const text = { color: '#c9d6ea', fontSize };
    const category = { type: 'category' as const, data: items.map((item) => item.label), axisLabel: text, axisLine: { lineStyle: { color: '#3a4a66' } }, inverse: horizontal };
    const value = { type: 'value' as const, max, axisLabel: { ...text, fontSize: fontSize * 0.8 }, splitLine: { lineStyle: { color: '#22304a' } } };
    const option: Option = {
      animation: false,
      grid: { left: 16, right: horizontal ? 80 : 16, top: 40, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (raw) => `${Number(raw).toFixed(1)}${unit}` },
      xAxis: horizontal ? value : category,
      yAxis: horizontal ? category : value,
      series: [
        {
          type: 'bar',
          barMaxWidth: 56,
          data: items.map((item) => ({ value: item.value, itemStyle: { color: item.color ?? '#3b8cff', borderRadius: 4 } })),
          label: { show: true, position: horizontal ? 'right' : 'top', color: '#ffffff', fontSize, formatter: ({ value: raw }) => `${Number(raw).toFixed(1)}${unit}` },
        },
      ],
    };
    chart.current?.setOption(option, true);
  }, [items, unit, max, horizontal, fontSize]);

  return <div ref={host} className="mes-board-chart" data-bars={items.length} style={{ width: '100%', height }} />;
}
