import { Descriptions } from 'antd';
import type { BoardPlanTotals } from '@core/contracts/paperboard';

const n = (value: number) => value.toLocaleString('zh-CN');

/** A plan's figures: trim, paper by roll width, runs, metres and time at the line's speed. */
export function PlanTotals({ totals, extra = [] }: { totals: BoardPlanTotals; extra?: Array<{ label: string; value: string }> }) {
  const hours = Math.floor(totals.minutes / 60);
  const minutes = Math.round(totals.minutes - hours * 60);
  return (
    <Descriptions
      className="mes-board-totals"
      size="small"
      bordered
      column={4}
      labelStyle={{ whiteSpace: 'nowrap' }}
      items={[
        { key: 'trim', label: '修边率', children: <b data-figure="trimPct">{totals.trimPct.toFixed(2)}%</b> },
        { key: 'trimArea', label: '修边面积', children: `${n(totals.trimAreaM2)} ㎡` },
        { key: 'paper', label: '用纸面积', children: `${n(totals.paperAreaM2)} ㎡` },
        { key: 'runs', label: '刀数 / 订单', children: `${totals.runs} 刀 / ${totals.orders} 单` },
        { key: 'metres', label: '总米数', children: `${n(totals.metres)} 米` },
        { key: 'time', label: '预计用时', children: `${hours ? `${hours} 小时 ` : ''}${minutes} 分钟（${totals.speedMpm} 米/分）` },
        ...extra.map((item) => ({ key: item.label, label: item.label, children: item.value })),
        {
          key: 'byRoll',
          label: '各门幅用纸',
          span: 'filled',
          children: totals.byRoll.map((roll) => `${roll.rollWidthMm}mm：${roll.runs} 刀 ${n(roll.metres)} 米 ${n(roll.paperAreaM2)} ㎡`).join('；'),
        },
      ]}
    />
  );
}
