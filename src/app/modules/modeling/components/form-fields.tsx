import { Form, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';

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
  kind: 'text' | 'textarea' | 'number' | 'select' | 'tree' | 'switch';
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
  /** Select fields: several values. */
  multiple?: boolean;
}

const prompt = (field: FormField) =>
  field.placeholder ?? (['select', 'tree'].includes(field.kind) ? `请选择${field.label}` : `请输入${field.label}`);

function rulesOf(field: FormField): Rule[] {
  const rules: Rule[] = [];
  // Only text gets `whitespace`: any extra key makes async-validator check the value as a string.
  if (field.required) rules.push(field.kind === 'text' ? { required: true, whitespace: true, message: prompt(field) } : { required: true, message: prompt(field) });
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
      return <InputNumber placeholder={placeholder} min={field.min ?? 0} max={field.max} suffix={field.suffix} style={{ width: '100%' }} />;
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
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label}
          rules={rulesOf(field)}
          valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
        >
          {control(field, options[field.name] ?? field.options)}
        </Form.Item>
      ))}
    </>
  );
}
