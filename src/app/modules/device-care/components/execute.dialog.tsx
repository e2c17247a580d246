import { useState } from 'react';
import { App, Button, Descriptions, Input, InputNumber, Modal, Radio, Space, Spin, Table, Tag, Typography } from 'antd';
import { CARE_CYCLE, CARE_ORDER_STATE, isNormalResult, normalRangeText, type CareOrderDetail, type CareOrderItem, type ExecuteRequest } from '@core/contracts/device-care';
import { AuthButton, ImageUpload, uploadedFromUrl, useCan, useLoaded, type UploadedFile } from '@app/components';
import { useCareKind } from '../care-kind';
import { CARE_STATE_COLORS } from '../care.lists';

/** What the person enters for one item. */
interface Entry {
  value: number | null;
  yes: boolean | null;
  photos: UploadedFile[];
  remark: string;
}

const entryOf = (item: CareOrderItem): Entry => ({ value: item.value, yes: item.yes, photos: item.photos.map(uploadedFromUrl), remark: item.remark });

function JudgedTag({ normal }: { normal: boolean | null }) {
  if (normal === null) return <Typography.Text type="secondary">未填写</Typography.Text>;
  return normal ? <Tag color="green">正常</Tag> : <Tag color="red">异常</Tag>;
}

export interface ExecuteDialogProps {
  /** The order to show; null: closed. */
  orderId: number | null;
  onClose: () => void;
  /** After 保存, 提交 or 报修 (the list reloads). */
  onChanged: () => void;
}

/**
 * 执行点检 (保养): every item with its normal range, a value or 是/否 judged as it is entered (the
 * server judges again), photos, a note; 保存 keeps it 执行中, 提交 finishes it. An abnormal item
 * raises a repair order with 报修 in one click (its result is saved first). A done order, or a user
 * without 执行, sees it read-only.
 */
export function ExecuteDialog({ orderId, onClose, onChanged }: ExecuteDialogProps) {
  const { noun, api, A } = useCareKind();
  const { message } = App.useApp();
  const can = useCan();
  const open = orderId !== null;
  const loaded = useLoaded(() => (orderId ? api.orders.detail(orderId) : Promise.resolve(null)), String(orderId ?? ''), null);
  const order: CareOrderDetail | null = loaded.data;
  // What the person entered, for the order loaded (a new answer of the server starts over from it).
  const [draft, setDraft] = useState<{ order: CareOrderDetail | null; entries: Record<number, Entry>; remark: string }>({ order: null, entries: {}, remark: '' });
  const current = draft.order === order ? draft : { order, entries: Object.fromEntries((order?.items ?? []).map((item) => [item.id, entryOf(item)])), remark: order?.remark ?? '' };
  const { entries, remark } = current;
  const setRemark = (value: string) => setDraft({ ...current, remark: value });
  const [busy, setBusy] = useState<string | null>(null);

  const readOnly = !order || order.state === 3 || !can(A.execute);
  const change = (id: number, patch: Partial<Entry>) => setDraft({ ...current, entries: { ...entries, [id]: { ...entries[id]!, ...patch } } });

  const request = (submit: boolean): ExecuteRequest => ({
    id: order!.id,
    submit,
    remark,
    results: order!.items.map((item) => {
      const entry = entries[item.id] ?? entryOf(item);
      return { itemId: item.id, value: entry.value, yes: entry.yes, photos: entry.photos.map((file) => file.url), remark: entry.remark };
    }),
  });

  /** Runs a write; its message is `done`, or what the write answers (报修 names the repair order). */
  const run = async (key: string, work: () => Promise<unknown>, done: string, close: boolean) => {
    setBusy(key);
    try {
      const said = await work();
      void message.success(typeof said === 'string' ? said : done);
      onChanged();
      if (close) onClose();
      else loaded.reload();
    } catch {
      // The http layer has shown why.
    } finally {
      setBusy(null);
    }
  };

  const raise = (item: CareOrderItem) =>
    run(
      `repair:${item.id}`,
      async () => {
        if (!readOnly) await api.orders.execute(request(false));
        const repair = await api.orders.raiseRepair(order!.id, item.id);
        return `已报修，维修单 ${repair.repairNo}`;
      },
      '已报修',
      false,
    );

  const footer = readOnly
    ? [<Button key="close" onClick={onClose}>关闭</Button>]
    : [
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="save" loading={busy === 'save'} onClick={() => void run('save', () => api.orders.execute(request(false)), '保存成功', true)}>
          保存
        </Button>,
        <Button key="submit" type="primary" loading={busy === 'submit'} onClick={() => void run('submit', () => api.orders.execute(request(true)), '提交成功', true)}>
          提交
        </Button>,
      ];

  return (
    <Modal open={open} title={readOnly ? `${noun}工单` : `执行${noun}`} width={1160} onCancel={onClose} footer={footer} className="mes-care-execute" mask={{ closable: false }} forceRender>
      <Spin spinning={open && loaded.loading}>
        {order && (
          <>
            <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
              <Descriptions.Item label="工单号">{order.orderNo}</Descriptions.Item>
              <Descriptions.Item label="设备">{`${order.deviceName}（${order.deviceNo}）`}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <Tag color={CARE_STATE_COLORS[order.state]}>{CARE_ORDER_STATE.label(order.state)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label="计划">{`${order.planName}（${CARE_CYCLE.label(order.cycle)}）`}</Descriptions.Item>
              <Descriptions.Item label="方案">{order.schemeName}</Descriptions.Item>
              <Descriptions.Item label="到期时间">{order.dueTime}</Descriptions.Item>
              <Descriptions.Item label="执行人">{order.assigneeName || '—'}</Descriptions.Item>
              <Descriptions.Item label="实际执行">{order.executorName || '—'}</Descriptions.Item>
              <Descriptions.Item label="完成时间">{order.finishTime ?? '—'}</Descriptions.Item>
            </Descriptions>
            <Table<CareOrderItem>
              className="mes-care-results"
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={order.items}
              onRow={(item) => ({ 'data-item': item.itemName }) as never}
              columns={[
                { title: '序号', width: 50, render: (_, __, index) => index + 1 },
                {
                  title: '检查项目',
                  width: 200,
                  render: (_, item) => (
                    <Space orientation="vertical" size={0}>
                      <Typography.Text strong>{item.itemName}</Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {[item.method, item.standard].filter(Boolean).join('；') || '—'}
                      </Typography.Text>
                    </Space>
                  ),
                },
                { title: '正常范围', width: 110, render: (_, item) => normalRangeText(item) },
                {
                  title: '结果',
                  width: 170,
                  render: (_, item) => {
                    const entry = entries[item.id] ?? entryOf(item);
                    return item.valueKind === 'yesno' ? (
                      <Radio.Group disabled={readOnly} value={entry.yes} onChange={(event) => change(item.id, { yes: event.target.value as boolean })} aria-label={`${item.itemName}结果`}>
                        <Radio value>是</Radio>
                        <Radio value={false}>否</Radio>
                      </Radio.Group>
                    ) : (
                      <InputNumber
                        disabled={readOnly}
                        value={entry.value}
                        onChange={(value) => change(item.id, { value: value === null ? null : Number(value) })}
                        suffix={item.unit || undefined}
                        aria-label={`${item.itemName}测量值`}
                        style={{ width: 150 }}
                      />
                    );
                  },
                },
                {
                  title: '判定',
                  width: 70,
                  render: (_, item) => <JudgedTag normal={isNormalResult(item, entries[item.id] ?? entryOf(item))} />,
                },
                {
                  title: '照片',
                  width: 230,
                  render: (_, item) => {
                    const entry = entries[item.id] ?? entryOf(item);
                    return (
                      <Space size={4} align="start">
                        {item.photoRequired && <Tag color="gold">需拍照</Tag>}
                        <ImageUpload multiple maxCount={4} disabled={readOnly} value={entry.photos} onChange={(photos) => change(item.id, { photos })} />
                      </Space>
                    );
                  },
                },
                {
                  title: '说明',
                  render: (_, item) => (
                    <Input
                      disabled={readOnly}
                      maxLength={200}
                      value={(entries[item.id] ?? entryOf(item)).remark}
                      onChange={(event) => change(item.id, { remark: event.target.value })}
                      aria-label={`${item.itemName}说明`}
                    />
                  ),
                },
                {
                  title: '报修',
                  width: 120,
                  render: (_, item) => {
                    if (item.repairNo) return <Tag color="purple">{`已报修 ${item.repairNo}`}</Tag>;
                    const normal = isNormalResult(item, entries[item.id] ?? entryOf(item));
                    if (normal !== false) return null;
                    return (
                      <AuthButton authority={A.repair} size="small" danger loading={busy === `repair:${item.id}`} onClick={() => void raise(item)}>
                        异常报修
                      </AuthButton>
                    );
                  },
                },
              ]}
            />
            <Input.TextArea
              style={{ marginTop: 12 }}
              disabled={readOnly}
              placeholder="工单备注"
              maxLength={200}
              autoSize={{ minRows: 2, maxRows: 4 }}
              value={remark}
              onChange={(event) => setRemark(event.target.value)}
              aria-label="工单备注"
            />
          </>
        )}
      </Spin>
    </Modal>
  );
}
