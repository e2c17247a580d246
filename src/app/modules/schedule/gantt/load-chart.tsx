import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Space, Spin, Table, Typography } from 'antd';
import { BarChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { LoadDetail, MachineDayLoad } from '@core/contracts/schedule';
import { DATE_FORMAT, dayjs, type DateRange } from '@core/format';
import { useLoaded } from '@app/components';
import { ganttApi } from './gantt.api';
import { ViewRangePicker } from './range-picker';
import { defaultRange } from './use-schedule-view';

echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, DataZoomComponent, CanvasRenderer]);

const EMPTY: LoadDetail = { machines: [], days: [], cells: [] };
/** Machines shown in the chart at first (the busiest); the legend adds the others. */
const FIRST_SHOWN = 6;

const loadTone = (percent: number) => (percent > 100 ? { background: '#fff1f0', color: '#cf1322' } : percent >= 85 ? { background: '#fff7e6', color: '#d46b08' } : {});

/** The bar chart (echarts): load % per day, one bar per machine, the 100% line marked. */
function LoadBars({ detail }: { detail: LoadDetail }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!ref.current) return undefined;
    const instance = echarts.init(ref.current);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    const cell = new Map(detail.cells.map((item) => [`${item.deviceId}|${item.date}`, item]));
    const total = (id: number) => detail.cells.filter((item) => item.deviceId === id).reduce((sum, item) => sum + item.loadMinutes, 0);
    const busiest = new Set([...detail.machines].sort((a, b) => total(b.id) - total(a.id)).slice(0, FIRST_SHOWN).map((machine) => machine.name));
    chart.current?.setOption(
      {
        tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => `${value}%` },
        legend: { type: 'scroll', bottom: 0, selected: Object.fromEntries(detail.machines.map((machine) => [machine.name, busiest.has(machine.name)])) },
        grid: { left: 56, right: 64, top: 40, bottom: 64 },
        dataZoom: detail.days.length > 16 ? [{ type: 'slider', bottom: 28, height: 16 }] : [],
        xAxis: { type: 'category', data: detail.days.map((day) => day.slice(5)) },
        yAxis: { type: 'value', name: '负荷率（%）', axisLabel: { formatter: '{value}%' } },
        series: detail.machines.map((machine, index) => ({
          type: 'bar',
          name: machine.name,
          data: detail.days.map((day) => cell.get(`${machine.id}|${day}`)?.loadPercent ?? 0),
          ...(index === 0 ? { markLine: { silent: true, symbol: 'none', lineStyle: { color: '#f5222d' }, data: [{ yAxis: 100 }], label: { formatter: '满负荷' } } } : {}),
        })),
      },
      { notMerge: true },
    );
  }, [detail]);
  return <div ref={ref} className="mes-load-chart" style={{ height: 340 }} />;
}

/** 机台负荷: planned work against working time per machine per day (load_detail), as bars and as a table. */
export function LoadView() {
  const [range, setRange] = useState<DateRange>(defaultRange);
  const startDate = range[0].format(DATE_FORMAT);
  const endDate = range[1].format(DATE_FORMAT);
  const { data, loading, reload } = useLoaded(() => ganttApi.load(startDate, endDate), `${startDate}|${endDate}`, EMPTY);
  const rows = useMemo(() => {
    const byMachine = new Map<number, Record<string, MachineDayLoad>>();
    for (const cell of data.cells) byMachine.set(cell.deviceId, { ...byMachine.get(cell.deviceId), [cell.date]: cell });
    return data.machines.map((machine) => ({ ...machine, days: byMachine.get(machine.id) ?? {} }));
  }, [data]);
  const overloaded = data.cells.filter((cell) => cell.loadPercent > 100).length;
  return (
    <div className="mes-load-view">
      <Space wrap style={{ marginBottom: 12 }}>
        <ViewRangePicker value={range} onChange={setRange} />
        <Button onClick={reload}>刷新</Button>
        <Typography.Text type="secondary">
          负荷率 = 排产时长 ÷ 可用时长{overloaded ? `；超负荷 ${overloaded} 个机台日` : ''}
        </Typography.Text>
      </Space>
      <Spin spinning={loading}>
        <LoadBars detail={data} />
        <Table
          className="mes-load-table"
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content', y: 360 }}
          dataSource={rows}
          columns={[
            { title: '机台', dataIndex: 'name', fixed: 'left', width: 160 },
            ...data.days.map((day) => ({
              title: `${day.slice(5)} ${dayjs(day).format('ddd')}`,
              key: day,
              width: 92,
              align: 'right' as const,
              render: (_: unknown, row: (typeof rows)[number]) => {
                const cell = row.days[day];
                if (!cell || (cell.availableMinutes === 0 && cell.loadMinutes === 0)) return <span style={{ color: '#bfbfbf' }}>—</span>;
                return (
                  <span title={`排产 ${cell.loadMinutes} 分钟 / 可用 ${cell.availableMinutes} 分钟，${cell.taskCount} 个任务`} style={{ ...loadTone(cell.loadPercent), padding: '0 4px', borderRadius: 2 }}>
                    {cell.loadPercent.toFixed(0)}%
                  </span>
                );
              },
            })),
          ]}
        />
      </Spin>
    </div>
  );
}
