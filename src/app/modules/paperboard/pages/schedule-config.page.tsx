import { Button, Card, Form, InputNumber, Input, Radio, Space, Spin } from 'antd';
import { PaperboardAuthorities as A } from '@core/access/authorities/paperboard';
import { BOARD_RUN_SEQUENCE, BoardLineConfig } from '@core/contracts/paperboard';
import { AuthButton, useSettingsForm } from '@app/components';
import { RollsOnHand } from '../components/rolls-on-hand';
import { boardConfigApi } from '../paperboard.api';

type Key = Exclude<keyof typeof BoardLineConfig.properties, 'speeds' | 'sequence'>;
const NUMBERS: Array<{ name: Key; precision?: number; extra?: string }> = [
  { name: 'maxWidthMm', extra: '只用不超过此宽度的门幅（门幅在纸板生产数据中维护）' },
  { name: 'minTrimMm', extra: '每刀两侧修边合计的最小值' },
  { name: 'maxOuts', extra: '分纸机刀数限制：一刀中各订单切数之和' },
  { name: 'maxOrdersPerRun', extra: '并排拼单的订单数' },
  { name: 'knives' },
  { name: 'tolerancePct', precision: 1, extra: '订单张数允许的超欠比例' },
  { name: 'minRunLengthM' },
  { name: 'maxRunsPerOrder', extra: '0 为不限' },
];

/**
 * 排产配置 (/paperboard/scheduleConfig): the corrugator's limits every 试排 and hand edit keeps, validated
 * on the server; beside them the roll widths on hand (read-only, kept in 纸板生产数据).
 */
export default function ScheduleConfigPage() {
  const { form, loading, saving, save } = useSettingsForm<BoardLineConfig>(boardConfigApi.find, boardConfigApi.update, 'config');
  const maxWidthMm = Form.useWatch('maxWidthMm', form);
  const minTrimMm = Form.useWatch('minTrimMm', form);

  return (
    <Spin spinning={loading}>
      <Space align="start" size={16} wrap>
        <Card size="small" title="瓦线排产配置" className="mes-board-config">
          <Form form={form} layout="horizontal" labelCol={{ flex: '170px' }} style={{ maxWidth: 820 }}>
            {NUMBERS.map(({ name, precision, extra }) => {
              const schema = BoardLineConfig.properties[name];
              const label = String(schema.title);
              return (
                <Form.Item key={name} label={label} name={name} extra={extra} rules={[{ required: true, message: `请输入${label}` }]}>
                  <InputNumber min={schema.minimum as number} max={schema.maximum as number} precision={precision ?? 0} style={{ width: 200 }} />
                </Form.Item>
              );
            })}
            <Form.Item label={String(BoardLineConfig.properties.sequence.title)} name="sequence" extra="新试排与重新优化后各刀按门幅排列的顺序" rules={[{ required: true, message: '请选择排刀顺序' }]}>
              <Radio.Group options={BOARD_RUN_SEQUENCE.map((option) => ({ ...option }))} optionType="button" />
            </Form.Item>
            <Form.Item label="各楞型车速（米/分钟）" required>
              <Form.List name="speeds">
                {(fields, { add, remove }) => (
                  <Space direction="vertical">
                    {fields.map((field) => (
                      <Space key={field.key}>
                        <Form.Item name={[field.name, 'flute']} noStyle rules={[{ required: true, message: '请输入楞型' }]}>
                          <Input placeholder="楞型" style={{ width: 90 }} maxLength={4} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'speedMpm']} noStyle rules={[{ required: true, message: '请输入车速' }]}>
                          <InputNumber min={10} max={500} precision={0} addonAfter="米/分" style={{ width: 160 }} />
                        </Form.Item>
                        <Button type="link" danger onClick={() => remove(field.name)} disabled={fields.length <= 1}>
                          删除
                        </Button>
                      </Space>
                    ))}
                    <Button type="dashed" onClick={() => add({ flute: '', speedMpm: 200 })}>
                      添加楞型
                    </Button>
                  </Space>
                )}
              </Form.List>
            </Form.Item>
            <Form.Item label=" " colon={false}>
              <AuthButton authority={A.config} type="primary" loading={saving} onClick={save}>
                保存
              </AuthButton>
            </Form.Item>
          </Form>
        </Card>
        <RollsOnHand maxWidthMm={maxWidthMm} minTrimMm={minTrimMm} />
      </Space>
    </Spin>
  );
}
