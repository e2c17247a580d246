import { useEffect, useState } from 'react';
import { App, Button, Form, Input, InputNumber, Space, Switch, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { DictItem, DictView } from '@core/contracts/sys-cfg';
import { AuthButton } from '@app/components';

export interface DictItemsEditorProps {
  dict: DictView;
  authority: string;
  onSave: (items: DictItem[]) => Promise<unknown>;
}

/** The items of one dictionary as an editable table (code, label, sort, enabled), saved as a whole. */
export function DictItemsEditor({ dict, authority, onSave }: DictItemsEditorProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ items: DictItem[] }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    form.setFieldsValue({ items: dict.items });
  }, [form, dict]);

  const save = async () => {
    const { items = [] } = await form.validateFields();
    const codes = items.map((item) => item.itemCode.trim());
    const repeated = codes.find((code, index) => codes.indexOf(code) !== index);
    if (repeated) {
      void message.warning(`字典项编码「${repeated}」重复`);
      return;
    }
    setSaving(true);
    try {
      await onSave(items.map((item, index) => ({ ...item, itemCode: codes[index]!, sort: item.sort ?? index, enabled: item.enabled ?? true })));
      void message.success('保存成功');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} className="mes-dict-items">
      <Form.List name="items">
        {(rows, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={rows}
              locale={{ emptyText: '暂无字典项' }}
              columns={[
                {
                  title: '编码',
                  width: 160,
                  render: (_, row) => (
                    <Form.Item name={[row.name, 'itemCode']} noStyle rules={[{ required: true, whitespace: true, message: '请输入编码' }, { max: 30, message: '长度不能超过30个字符' }]}>
                      <Input placeholder="请输入编码" maxLength={30} />
                    </Form.Item>
                  ),
                },
                {
                  title: '名称',
                  render: (_, row) => (
                    <Form.Item name={[row.name, 'itemLabel']} noStyle rules={[{ required: true, whitespace: true, message: '请输入名称' }]}>
                      <Input placeholder="请输入名称" maxLength={50} />
                    </Form.Item>
                  ),
                },
                {
                  title: '排序',
                  width: 110,
                  render: (_, row) => (
                    <Form.Item name={[row.name, 'sort']} noStyle>
                      <InputNumber min={0} max={9999} precision={0} placeholder="排序" />
                    </Form.Item>
                  ),
                },
                {
                  title: '启用',
                  width: 80,
                  render: (_, row) => (
                    <Form.Item name={[row.name, 'enabled']} noStyle valuePropName="checked">
                      <Switch checkedChildren="是" unCheckedChildren="否" />
                    </Form.Item>
                  ),
                },
                { title: '操作', width: 70, render: (_, row) => <Button type="text" danger aria-label="删除字典项" icon={<DeleteOutlined />} onClick={() => remove(row.name)} /> },
              ]}
            />
            <Space>
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ itemCode: '', itemLabel: '', sort: rows.length, enabled: true })}>
                添加字典项
              </Button>
              <AuthButton authority={authority} type="primary" loading={saving} onClick={() => void save().catch(() => undefined)}>
                保存
              </AuthButton>
            </Space>
          </Space>
        )}
      </Form.List>
    </Form>
  );
}
