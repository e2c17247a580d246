import { Button, Checkbox, Form, Input, InputNumber, Select, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CARE_ITEM_KIND, CARE_LIMITS, type CareItemKind, type CareItemRequest, type Scheme, type SchemeDetail } from '@core/contracts/device-care';
import { FormDialog, useEditorForm, type ListEditorProps } from '@app/components';
import { useCareKind } from '../care-kind';

interface SchemeFormValues {
  schemeName?: string;
  remark?: string;
  items?: Array<Partial<CareItemRequest>>;
}

const KIND_OPTIONS = CARE_ITEM_KIND.options.map((option) => ({ value: option.value, label: option.label }));
const NEW_ITEM: Partial<CareItemRequest> = { valueKind: 'range', photoRequired: false, normalYes: true };

const formValuesOf = (detail: SchemeDetail): SchemeFormValues => ({
  schemeName: detail.schemeName,
  remark: detail.remark,
  items: detail.items.map((item) => ({ ...item, valueKind: item.valueKind as CareItemKind, min: item.min ?? undefined, max: item.max ?? undefined })),
});

/** The request the items become: bounds and unit only for 数值范围, the normal answer only for 是/否. */
function itemsOf(values: SchemeFormValues): CareItemRequest[] {
  return (values.items ?? []).map((item) => {
    const range = item.valueKind === 'range';
    return {
      itemName: item.itemName ?? '',
      method: item.method ?? '',
      standard: item.standard ?? '',
      valueKind: item.valueKind ?? 'range',
      min: range ? (item.min ?? null) : null,
      max: range ? (item.max ?? null) : null,
      unit: range ? (item.unit ?? '') : '',
      normalYes: range ? true : (item.normalYes ?? true),
      photoRequired: item.photoRequired ?? false,
    };
  });
}

/** 新增/编辑点检方案 (保养方案): the name and the items, one row each (method, standard, normal range or 是/否, 需拍照). */
export function SchemeEditorDialog({ editing, onClose, onSaved }: ListEditorProps<Scheme>) {
  const { noun, api } = useCareKind();
  const [form] = Form.useForm<SchemeFormValues>();
  const row = editing?.row;
  const { open, loading } = useEditorForm(
    form,
    editing,
    (id) => (id ? api.schemes.detail(id) : Promise.resolve(null)),
    (detail) => (detail ? formValuesOf(detail) : { items: [{ ...NEW_ITEM }] }),
  );
  const items = Form.useWatch('items', form) ?? [];

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return false;
    const request = { schemeName: values.schemeName ?? '', remark: values.remark ?? '', items: itemsOf(values) };
    return row ? api.schemes.update({ ...request, id: row.id }) : api.schemes.create(request);
  };

  return (
    <FormDialog open={open} title={`${row ? '编辑' : '新增'}${noun}方案`} width={1080} editing={!!row} save={save} onClose={onClose} onSaved={onSaved} loading={loading}>
      <Form form={form} layout="vertical" className="mes-care-scheme-form">
        <Form.Item name="schemeName" label="方案名称" rules={[{ required: true, whitespace: true, message: '请输入方案名称' }, { max: 30, message: '方案名称不能超过30个字符' }]}>
          <Input placeholder={`如 印刷机日常${noun}`} maxLength={30} />
        </Form.Item>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              <Table
                className="mes-care-items"
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={fields}
                onRow={(_, index) => ({ 'data-row': String((index ?? 0) + 1) }) as never}
                columns={[
                  { title: '序号', width: 50, render: (_, __, index) => index + 1 },
                  {
                    title: '项目名称',
                    width: 150,
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'itemName']} rules={[{ required: true, whitespace: true, message: '请输入项目名称' }]} noStyle={false} style={{ margin: 0 }}>
                        <Input aria-label={`第${field.name + 1}行项目名称`} maxLength={30} />
                      </Form.Item>
                    ),
                  },
                  { title: '方法', width: 130, render: (_, field) => <Form.Item name={[field.name, 'method']} style={{ margin: 0 }}><Input maxLength={50} placeholder="如 看压力表" /></Form.Item> },
                  { title: '标准', width: 150, render: (_, field) => <Form.Item name={[field.name, 'standard']} style={{ margin: 0 }}><Input maxLength={100} /></Form.Item> },
                  {
                    title: '判定方式',
                    width: 110,
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'valueKind']} style={{ margin: 0 }}>
                        <Select options={KIND_OPTIONS} aria-label={`第${field.name + 1}行判定方式`} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '正常范围',
                    width: 250,
                    render: (_, field) =>
                      items[field.name]?.valueKind === 'yesno' ? (
                        <Form.Item name={[field.name, 'normalYes']} style={{ margin: 0 }}>
                          <Select options={[{ value: true, label: '“是”为正常' }, { value: false, label: '“否”为正常' }]} />
                        </Form.Item>
                      ) : (
                        <div style={{ display: 'flex', gap: 4 }}>
                          <Form.Item name={[field.name, 'min']} style={{ margin: 0 }}>
                            <InputNumber placeholder="下限" aria-label={`第${field.name + 1}行下限`} style={{ width: 78 }} />
                          </Form.Item>
                          <Form.Item name={[field.name, 'max']} style={{ margin: 0 }}>
                            <InputNumber placeholder="上限" aria-label={`第${field.name + 1}行上限`} style={{ width: 78 }} />
                          </Form.Item>
                          <Form.Item name={[field.name, 'unit']} style={{ margin: 0 }}>
                            <Input placeholder="单位" aria-label={`第${field.name + 1}行单位`} maxLength={10} style={{ width: 64 }} />
                          </Form.Item>
                        </div>
                      ),
                  },
                  {
                    title: '需拍照',
                    width: 70,
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'photoRequired']} valuePropName="checked" style={{ margin: 0 }}>
                        <Checkbox aria-label={`第${field.name + 1}行需拍照`} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '',
                    width: 40,
                    render: (_, field) => <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除第${field.name + 1}行`} disabled={fields.length <= 1} onClick={() => remove(field.name)} />,
                  },
                ]}
              />
              <Button type="dashed" icon={<PlusOutlined />} style={{ marginTop: 8 }} disabled={fields.length >= CARE_LIMITS.items} onClick={() => add({ ...NEW_ITEM })}>
                添加项目
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item name="remark" label="备注" style={{ marginTop: 16 }}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
