import { useEffect, useRef, useState } from 'react';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Switch, TimePicker } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { DIALOG_WIDTH } from '../../../../core/constants';

export interface FieldOption {
  value: string | number;
  label: string;
}

/** One field of an edit form as data; dates and times travel as 'YYYY-MM-DD' / 'HH:mm' strings. */
export interface FormField {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'number' | 'select' | 'switch' | 'date' | 'time' | 'breaks';
  required?: boolean;
  max?: number;
  options?: FieldOption[];
  placeholder?: string;
}

const TIME = 'HH:mm';
const DATE = 'YYYY-MM-DD';
const prompt = (field: FormField) => field.placeholder ?? (['select', 'date', 'time'].includes(field.kind) ? `请选择${field.label}` : `请输入${field.label}`);

function rulesOf(field: FormField): Rule[] {
  const rules: Rule[] = [];
  if (field.required) rules.push(field.kind === 'text' ? { required: true, whitespace: true, message: prompt(field) } : { required: true, message: prompt(field) });
  if ((field.kind === 'text' || field.kind === 'textarea') && field.max) rules.push({ max: field.max, message: `长度不能超过${field.max}个字符` });
  return rules;
}

function BreaksEditor() {
  return (
    <Form.List name="breaks">
      {(items, { add, remove }) => (
        <>
          {items.map((item) => (
            <Space key={item.key} className="mes-shift-break" align="baseline">
              <Form.Item name={[item.name, 'start']} rules={[{ required: true, message: '请选择休息开始时间' }]} noStyle>
                <TimePicker format={TIME} placeholder="开始" minuteStep={5} />
              </Form.Item>
              <span>至</span>
              <Form.Item name={[item.name, 'end']} rules={[{ required: true, message: '请选择休息结束时间' }]} noStyle>
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

function control(field: FormField, options: FieldOption[] | undefined) {
  const placeholder = prompt(field);
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea placeholder={placeholder} maxLength={field.max} showCount rows={2} />;
    case 'number':
      return <InputNumber placeholder={placeholder} min={0} max={field.max} style={{ width: '100%' }} />;
    case 'select':
      return <Select placeholder={placeholder} options={options} allowClear={!field.required} showSearch={{ optionFilterProp: 'label' }} />;
    case 'switch':
      return <Switch checkedChildren="是" unCheckedChildren="否" />;
    case 'date':
      return <DatePicker placeholder={placeholder} style={{ width: '100%' }} />;
    case 'time':
      return <TimePicker placeholder={placeholder} format={TIME} minuteStep={5} style={{ width: '100%' }} />;
    default:
      return <Input placeholder={placeholder} maxLength={field.max} autoComplete="off" />;
  }
}

/** Form values from wire values: date and time strings become dayjs. */
function toForm(fields: readonly FormField[], values: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...values };
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'date' && typeof value === 'string') out[field.name] = dayjs(value, DATE);
    if (field.kind === 'time' && typeof value === 'string') out[field.name] = dayjs(value === '24:00' ? '00:00' : value, TIME);
    if (field.kind === 'breaks' && Array.isArray(value))
      out[field.name] = (value as { start: string; end: string }[]).map((item) => ({ start: dayjs(item.start, TIME), end: dayjs(item.end, TIME) }));
  }
  return out;
}

function fromForm(fields: readonly FormField[], values: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...values };
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'date' && value) out[field.name] = (value as Dayjs).format(DATE);
    if (field.kind === 'time' && value) out[field.name] = (value as Dayjs).format(TIME);
    if (field.kind === 'breaks')
      out[field.name] = ((value ?? []) as { start: Dayjs; end: Dayjs }[]).map((item) => ({ start: item.start.format(TIME), end: item.end.format(TIME) }));
    if (field.kind === 'select' && value === undefined && !field.required) out[field.name] = null;
  }
  return out;
}

export interface FormDialogProps<V> {
  /** Closed when null. */
  title: string | null;
  fields: readonly FormField[];
  initial?: Partial<V> | object;
  editing?: boolean;
  options?: Record<string, FieldOption[] | undefined>;
  /** Text of the success message (default 新增成功/修改成功). */
  success?: string;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  onSaved?: () => void;
}

/** A dialog with an edit form declared as data; shows the success message after onSubmit resolves. */
export function FormDialog<V extends object>({ title, fields, initial, editing = false, options = {}, success, onSubmit, onClose, onSaved }: FormDialogProps<V>) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const initialRef = useRef(initial);
  useEffect(() => {
    initialRef.current = initial;
  });
  useEffect(() => {
    if (!title) return;
    form.resetFields();
    if (initialRef.current) form.setFieldsValue(toForm(fields, initialRef.current as Record<string, unknown>));
  }, [title, form, fields]);

  const submit = async () => {
    const values = fromForm(fields, (await form.validateFields()) as Record<string, unknown>);
    setSaving(true);
    try {
      await onSubmit(values as V);
      void message.success(success ?? (editing ? '修改成功' : '新增成功'));
      onSaved?.();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!title}
      title={title}
      width={DIALOG_WIDTH}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      mask={{ closable: false }}
      forceRender
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} className="mes-shifts-form">
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.kind === 'breaks' ? undefined : field.name}
            label={field.label}
            rules={field.kind === 'breaks' ? undefined : rulesOf(field)}
            valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
          >
            {field.kind === 'breaks' ? <BreaksEditor /> : control(field, options[field.name] ?? field.options)}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
