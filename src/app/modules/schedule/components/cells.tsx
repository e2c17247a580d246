import { Tag, Tooltip, Typography } from 'antd';
import { shortTime } from '../schedule.options';

/** A value of an enum as its coloured tag ('—' when unknown). */
export function EnumTag({ options, value }: { options: ReadonlyArray<{ value: number; label: string; color?: string }>; value: number | null }) {
  const option = options.find((each) => each.value === value);
  return option ? <Tag color={option.color}>{option.label}</Tag> : <>—</>;
}

/** A planned time (MM-DD HH:mm), red when it is after the delivery date. */
export function PlannedTime({ value, late }: { value: string | null; late: boolean }) {
  return late ? (
    <Typography.Text type="danger" title="晚于交货日期">
      {shortTime(value)}
    </Typography.Text>
  ) : (
    <>{shortTime(value)}</>
  );
}

/** Long names cut to the column (the lists fit 1440 px without a horizontal scroll), whole in the tooltip. */
export function Clipped({ text, width }: { text: string; width: number }) {
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
      {text}
    </Typography.Text>
  );
}

/** 变更: the order has ERP changes waiting for the planner (accept / keep in the row expand). */
export function ChangeTag({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Tooltip title={`ERP有${count}条变更待处理，展开行处理`}>
      <Tag color="orange" className="mes-task-change">
        变更
      </Tag>
    </Tooltip>
  );
}

/** 客户 / 产品 in one cell: the customer, the product under it in grey, each cut to the column. */
export function PartyCell({ customer, product, width }: { customer: string; product: string; width: number }) {
  return (
    <div className="mes-party" style={{ lineHeight: '18px' }}>
      <Clipped text={customer} width={width} />
      <br />
      <Typography.Text type="secondary" ellipsis={{ tooltip: product }} style={{ maxWidth: width, fontSize: 12 }}>
        {product}
      </Typography.Text>
    </div>
  );
}

/** The urgency as a tag when above normal. */
export function UrgencyTag({ urgency, options }: { urgency: number; options: ReadonlyArray<{ value: number; label: string; color?: string }> }) {
  return urgency > 0 ? <EnumTag options={options} value={urgency} /> : null;
}
