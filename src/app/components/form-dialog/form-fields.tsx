import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Select, Space, Switch, TimePicker, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';

/** One option of a select or tree select field. */
export interface FieldOption {
  value: string | number;
  label: string;
  children?: FieldOption[];
}

/** One field of an edit form, declared as data (STYLE.md: edit-form schemas are plain config). */
export interface FormField {
  name: string;
  label: string;
  /** `date`, `time` and `breaks` (a list of time ranges) travel as 'YYYY-MM-DD' / 'HH:mm' strings. */
  kind: 'text' | 'textarea' | 'number' | 'select' | 'tree' | 'switch' | 'tags' | 'checkboxes' | 'date' | 'time' | 'breaks';
  required?: boolean;
  max?: number;
  min?: number;
  /** Pattern the text must match, with its message. */
  pattern?: { regex: RegExp; message: string };
  /** Static options; dynamic ones come through EditFormFields' `options`. */
  options?: FieldOption[];
  placeholder?: string;
  /** Number fields: unit shown after the input. */
  suffix?: string;
  /** Number fields: decimal places allowed. */
  precision?: number;
  /** Select fields: several values. */
  multiple?: boolean;
  /** Optional select fields: a cleared value is sent as null (so the server clears it) instead of left out. */
  clearToNull?: boolean;
}

const TIME = 'HH:mm';
const DATE = 'YYYY-MM-DD';
type TimeRange<T> = { start: T; end: T };

/** Form values from wire values: date and time strings become dayjs. */
export function toFormValues(fields: readonly FormField[], values: object): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const field of fields) {
    const value = out[field.name];
    if (field.kind === 'date' && typeof value === 'string') out[field.name] = dayjs(value, DATE);
    if (field.kind === 'time' && typeof value === 'string') out[field.name] = dayjs(value === '24:00' ? '00:00' : value, TIME);
    if (field.kind === 'breaks' && Array.isArray(value))
      out[field.name] = (value as TimeRange<string>[]).map((item) => ({ start: dayjs(item.start, TIME), end: dayjs(item.end, TIME) }));
  }
  return out;
}

/** Wire values from form values: dayjs back to strings; cleared clearToNull selects become null. */
export function fromFormValues(fields: readonly FormField[], values: object): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const field of fields) {
    const value = out[field.name];
    if (field.kind === 'date' && value) out[field.name] = (value as Dayjs).format(DATE);
    if (field.kind === 'time' && value) out[field.name] = (value as Dayjs).format(TIME);
    if (field.kind === 'breaks')
      out[field.name] = ((value ?? []) as TimeRange<Dayjs>[]).map((item) => ({ start: item.start.format(TIME), end: item.end.format(TIME) }));
    if (field.clearToNull && value === undefined) out[field.name] = null;
  }
  return out;
}

/** A list of start–end times (e.g. the breaks of a shift). */
function TimeRangesEditor({ name }: { name: string }) {
  return (
    <Form.List name={name}>
      {(items, { add, remove }) => (
        <>
          {items.map((item) => (
            <Space key={item.key} className="mes-time-range" align="baseline">
              <Form.Item name={[item.name, 'start']} rules={[{ required: true, message: '请选择开始时间' }]} noStyle>
                <TimePicker format={TIME} placeholder="开始" minuteStep={5} />
              </Form.Item>
              <span>至</span>
              <Form.Item name={[item.name, 'end']} rules={[{ required: true, message: '请选择结束时间' }]} noStyle>
                <TimePicker format={TIME} placeholder="结束" minuteStep={5} />
              </Form.Item>
              <Button type="link" danger onClick={() => remove(item.name)}>
                删除
              </Button>
            </Space>
          ))}
          <Button type="dashed" onClick={() => add()} block>
            添加休息时间
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** 请输入/请选择{label}: the required message always names the field (a placeholder may be an example). */
export const requiredMessage = (field: Pick<FormField, 'kind' | 'label'>) =>
  ['select', 'tree', 'checkboxes', 'date', 'time'].includes(field.kind) ? `请选择${field.label}` : `请输入${field.label}`;
const prompt = (field: FormField) => field.placeholder ?? requiredMessage(field);

function rulesOf(field: FormField): Rule[] {
  const rules: Rule[] = [];
  // Only text gets `whitespace`: any extra key makes async-validator check the value as a string.
  const isList = field.kind === 'tags' || field.kind === 'checkboxes';
  if (field.required && isList) rules.push({ required: true, type: 'array', min: 1, message: requiredMessage(field) });
  else if (field.required) rules.push(field.kind === 'text' ? { required: true, whitespace: true, message: requiredMessage(field) } : { required: true, message: requiredMessage(field) });
  if (field.pattern) rules.push({ pattern: field.pattern.regex, message: field.pattern.message });
  if ((field.kind === 'text' || field.kind === 'textarea') && field.max) rules.push({ max: field.max, message: `长度不能超过${field.max}个字符` });
  return rules;
}

function control(field: FormField, options: FieldOption[] | undefined) {
  const placeholder = prompt(field);
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea placeholder={placeholder} maxLength={field.max} showCount rows={2} />;
    case 'number':
      return <InputNumber placeholder={placeholder} min={field.min ?? 0} max={field.max} precision={field.precision} suffix={field.suffix} style={{ width: '100%' }} />;
    case 'select':
      return (
        <Select
          placeholder={placeholder}
          options={options}
          mode={field.multiple ? 'multiple' : undefined}
          allowClear={!field.required}
          showSearch={{ optionFilterProp: 'label' }}
        />
      );
    case 'tree':
      return (
        <TreeSelect
          placeholder={placeholder}
          treeData={options}
          fieldNames={{ label: 'label', value: 'value', children: 'children' }}
          allowClear
          treeDefaultExpandAll
        />
      );
    case 'switch':
      return <Switch checkedChildren="是" unCheckedChildren="否" />;
    case 'tags':
      return <Select mode="tags" placeholder={placeholder} options={options} tokenSeparators={[',', '，']} open={false} suffixIcon={null} />;
    case 'checkboxes':
      return <Checkbox.Group options={options} />;
    case 'date':
      return <DatePicker placeholder={placeholder} style={{ width: '100%' }} />;
    case 'time':
      return <TimePicker placeholder={placeholder} format={TIME} minuteStep={5} style={{ width: '100%' }} />;
    default:
      return <Input placeholder={placeholder} maxLength={field.max} autoComplete="off" />;
  }
}

export interface EditFormFieldsProps {
  fields: readonly FormField[];
  /** Options by field name, for fields whose options are loaded. */
  options?: Record<string, FieldOption[] | undefined>;
}

/** The Form.Items of a field list (inside an antd Form). */
export function EditFormFields({ fields, options = {} }: EditFormFieldsProps) {
  return (
    <>
      {fields.map((field) =>
        field.kind === 'breaks' ? (
          <Form.Item key={field.name} label={field.label}>
            <TimeRangesEditor name={field.name} />
          </Form.Item>
        ) : (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            rules={rulesOf(field)}
            valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
          >
            {control(field, options[field.name] ?? field.options)}
          </Form.Item>
        ),
      )}
    </>
  );
}
