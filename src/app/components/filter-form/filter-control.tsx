import { useMemo } from 'react';
import { Cascader, DatePicker, Input, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_FORMAT, DATE_TIME_FORMAT, dateShortcuts, dayjs, dayRange, formatRange } from '@core/format';
import { TagInput } from '../tag-input';
import type { FilterItem, FilterOption, FilterValue } from './filter-form.types';

/** How a change should wait before it is applied: typing waits longer than picking (spec §9). */
export type ChangeKind = 'text' | 'pick';

interface StringOption {
  label: string;
  value: string;
  children?: StringOption[];
}

/** Filter values are strings: option values are compared and sent as strings. */
function stringOptions(options: readonly FilterOption[] | undefined): StringOption[] {
  return (options ?? []).map((option) => ({
    label: option.label,
    value: String(option.value),
    children: option.children ? stringOptions(option.children) : undefined,
  }));
}

const asList = (value: FilterValue): string[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const asText = (value: FilterValue): string | undefined => (Array.isArray(value) ? value[0] : value);

const DAY_START = dayjs('00:00:00', 'HH:mm:ss');
const DAY_END = dayjs('23:59:59', 'HH:mm:ss');

function toRange(value: FilterValue): [Dayjs, Dayjs] | null {
  const [start, end] = asList(value);
  return start && end ? [dayjs(start), dayjs(end)] : null;
}

function fromRange(range: [Dayjs | null, Dayjs | null] | null, datetime: boolean): FilterValue {
  const [start, end] = range ?? [];
  if (!start || !end) return undefined;
  return datetime ? [start.format(DATE_TIME_FORMAT), end.format(DATE_TIME_FORMAT)] : formatRange(dayRange(start, end));
}

export interface FilterControlProps {
  item: FilterItem;
  value: FilterValue;
  onChange: (value: FilterValue, kind: ChangeKind) => void;
  /** Enter in a text box applies at once. */
  onSubmit: () => void;
}

/** The antd control of one filter item. */
export function FilterControl({ item, value, onChange, onSubmit }: FilterControlProps) {
  const options = useMemo(() => stringOptions(item.options), [item.options]);
  const allowClear = item.clearable ?? true;
  const width = item.width ?? (item.type === 'daterange' ? (item.datetime ? 380 : 260) : 200);
  const style = { width };
  const placeholder = item.placeholder;
  const pick = (next: FilterValue) => onChange(next, 'pick');

  switch (item.type) {
    case 'input':
      return (
        <Input
          style={style}
          allowClear={allowClear}
          placeholder={placeholder ?? `请输入${item.label}`}
          value={asText(value) ?? ''}
          onChange={(event) => onChange(event.target.value, 'text')}
          onPressEnter={onSubmit}
        />
      );
    case 'select':
      return (
        <Select
          style={style}
          allowClear={allowClear}
          showSearch={{ optionFilterProp: 'label' }}
          mode={item.multiple ? 'multiple' : undefined}
          maxTagCount="responsive"
          placeholder={placeholder ?? `请选择${item.label}`}
          options={options}
          value={item.multiple ? asList(value) : asText(value)}
          onChange={(next: string | string[] | undefined) => pick(next)}
        />
      );
    case 'cascader':
      return (
        <Cascader
          style={style}
          allowClear={allowClear}
          changeOnSelect
          placeholder={placeholder ?? `请选择${item.label}`}
          options={options}
          value={asList(value)}
          onChange={(next) => pick((next as string[] | undefined)?.map(String))}
        />
      );
    case 'daterange':
      return (
        <DatePicker.RangePicker
          style={style}
          allowClear={allowClear}
          presets={dateShortcuts()}
          showTime={item.datetime ? { defaultValue: [DAY_START, DAY_END] } : false}
          format={item.datetime ? DATE_TIME_FORMAT : DATE_FORMAT}
          value={toRange(value)}
          onChange={(range) => pick(fromRange(range, !!item.datetime))}
        />
      );
    case 'date':
      return (
        <DatePicker
          style={style}
          allowClear={allowClear}
          showTime={item.datetime ? { defaultValue: DAY_START } : false}
          format={item.datetime ? DATE_TIME_FORMAT : DATE_FORMAT}
          placeholder={placeholder ?? `请选择${item.label}`}
          value={asText(value) ? dayjs(asText(value)) : null}
          onChange={(date: Dayjs | null) => pick(date ? date.format(item.datetime ? DATE_TIME_FORMAT : DATE_FORMAT) : undefined)}
        />
      );
    case 'tagInput':
      return <TagInput width={width} placeholder={placeholder} value={asList(value)} onChange={pick} />;
    case 'radioGroup':
      // A radio cannot be unticked: a clearable group offers 全部 first.
      return (
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={allowClear ? [{ label: '全部', value: '' }, ...options] : options}
          value={asText(value) ?? ''}
          onChange={(event) => pick(String(event.target.value))}
        />
      );
  }
}
