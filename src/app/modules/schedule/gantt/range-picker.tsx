import { DatePicker } from 'antd';
import type { DateRange } from '@core/format';
import { MAX_VIEW_DAYS } from './use-schedule-view';

/** The days a view shows: at most MAX_VIEW_DAYS (what schedule_view/list and load_detail answer). */
export function ViewRangePicker({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  return (
    <DatePicker.RangePicker
      allowClear={false}
      value={value}
      onChange={(range) => range?.[0] && range[1] && onChange([range[0], range[1]])}
      disabledDate={(day, info) => Boolean(info.from && Math.abs(day.diff(info.from, 'day')) >= MAX_VIEW_DAYS)}
    />
  );
}
