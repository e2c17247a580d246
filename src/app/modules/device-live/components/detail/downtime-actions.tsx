import { useState } from 'react';
import { App, DatePicker, Modal, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { Downtime } from '@core/contracts/device-status';
import { DeviceLiveAuthorities as A } from '@core/access/authorities/device-live';
import { AuthButton } from '@app/components/auth-button';
import { deviceLiveApi } from '../../device-live.api';
import { statusLabel } from '../status-style';

export const dateTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/** 设置原因 / 拆分 of one downtime record. */
export function DowntimeActions({ row, reasons, onDone }: { row: Downtime; reasons: string[]; onDone: () => void }) {
  const { message } = App.useApp();
  const [mode, setMode] = useState<'reason' | 'split' | null>(null);
  const [reason, setReason] = useState<string | undefined>(row.reason ?? undefined);
  const [at, setAt] = useState<Dayjs | null>(null);
  const save = async () => {
    if (mode === 'reason') {
      if (!reason) return void message.warning('请选择停机原因');
      await deviceLiveApi.setReason({ deviceId: row.deviceId, start: row.start, reason });
    } else {
      if (!at) return void message.warning('请选择拆分时间');
      await deviceLiveApi.split({ deviceId: row.deviceId, start: row.start, at: at.valueOf() });
    }
    message.success('保存成功');
    setMode(null);
    onDone();
  };
  return (
    <>
      <Space size={4}>
        <AuthButton type="link" size="small" authority={A.downtimeEdit} onClick={() => setMode('reason')}>
          设置原因
        </AuthButton>
        <AuthButton type="link" size="small" authority={A.downtimeEdit} onClick={() => setMode('split')}>
          拆分
        </AuthButton>
      </Space>
      <Modal open={mode !== null} title={mode === 'reason' ? '设置停机原因' : '拆分停机记录'} onCancel={() => setMode(null)} onOk={() => void save()} okText="确定" cancelText="取消" destroyOnHidden>
        <p>
          {statusLabel(row.status)}：{dateTime(row.start)} – {row.end === null ? '至今' : dateTime(row.end)}
        </p>
        {mode === 'reason' ? (
          <Select style={{ width: '100%' }} placeholder="停机原因" value={reason} onChange={setReason} options={reasons.map((value) => ({ value, label: value }))} showSearch />
        ) : (
          <DatePicker showTime style={{ width: '100%' }} placeholder="拆分时间" value={at} onChange={setAt} />
        )}
      </Modal>
    </>
  );
}
