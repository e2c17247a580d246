import { useMemo, useState } from 'react';
import { App, Button, DatePicker, Empty, Popconfirm, Select, Space, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { ShiftAuthorities as A } from '@core/access/authorities/shifts';
import type { CreateDeviceCalendarRequest } from '@core/contracts/shifts';
import { AuthButton, useCan, useLoaded } from '@app/components';
import { deviceOptions as optionsOfDevices } from '@app/shared';
import { CalendarGrid } from '../components/calendar-grid';
import { EditFormDialog } from '@app/components/form-dialog';
import { calendarsApi, pickersApi, shiftsApi } from '../shifts.api';
import { OVERRIDE_FIELDS } from '../shifts.forms';

const MONTH = 'YYYY-MM';

/** 设备日历 tab: a device's month — workdays, holidays, shifts, available minutes — and its 停机/加班 overrides. */
export default function DeviceCalendarTab() {
  const devices = useLoaded(pickersApi.devices, 'devices', []).data;
  const shifts = useLoaded(shiftsApi.all, 'shifts', []).data;
  const [picked, setPicked] = useState<number | null>(null);
  const [month, setMonth] = useState(dayjs().format(MONTH));
  const [adding, setAdding] = useState(false);
  const can = useCan();
  const { message } = App.useApp();
  // Production devices (use 1) first: their calendars are the ones scheduling reads.
  const deviceId = picked ?? (devices.find((row) => row.deviceUse === 1) ?? devices[0])?.id ?? null;
  const calendar = useLoaded(
    () => (deviceId ? calendarsApi.month(deviceId, month) : Promise.resolve(null)),
    `${deviceId}:${month}`,
    null,
  );
  const data = calendar.data;
  const { reload } = calendar;
  const deviceOptions = useMemo(() => optionsOfDevices(devices), [devices]);
  const shiftOptions = useMemo(() => shifts.map((row) => ({ value: row.id, label: row.className })), [shifts]);

  return (
    <div className="mes-device-calendar" data-loading={String(calendar.loading)}>
      <Space wrap style={{ marginBottom: 12 }}>
        <span>设备</span>
        <Select className="mes-calendar-device" style={{ width: 280 }} placeholder="请选择设备" value={deviceId ?? undefined} options={deviceOptions} onChange={setPicked} showSearch={{ optionFilterProp: 'label' }} />
        <span>月份</span>
        <DatePicker className="mes-calendar-month" picker="month" allowClear={false} value={dayjs(month, MONTH)} onChange={(value) => value && setMonth(value.format(MONTH))} />
        <AuthButton authority={A.calendarEdit} type="primary" disabled={!deviceId} onClick={() => setAdding(true)}>
          新增停机/加班
        </AuthButton>
        {data && (
          <span className="mes-calendar-summary">
            工作日 {data.workdays} 天，可用 {data.totalMinutes} 分钟
          </span>
        )}
      </Space>
      {data && data.overrides.length > 0 && (
        <div className="mes-calendar-overrides" style={{ marginBottom: 12 }}>
          {data.overrides.map((item) => (
            <Tag key={item.id} color={item.type === 1 ? 'red' : 'green'} style={{ marginBottom: 4 }}>
              {item.date} {item.typeName}
              {item.className ? ` ${item.className}` : ''}
              {item.remark ? `（${item.remark}）` : ''}
              {can(A.calendarEdit) && (
                <Popconfirm
                  title="提示"
                  description="确定删除该设置吗？"
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => calendarsApi.removeOverride([item.id]).then(() => {
                    void message.success('删除成功');
                    reload();
                  })}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              )}
            </Tag>
          ))}
        </div>
      )}
      {calendar.loading && !data ? <Spin /> : data ? <CalendarGrid days={data.days} /> : <Empty description="请选择设备" />}
      <EditFormDialog<Omit<CreateDeviceCalendarRequest, 'deviceId'>>
        title={adding ? '新增停机/加班' : null}
        fields={OVERRIDE_FIELDS}
        initial={{ date: dayjs().format('YYYY-MM-DD') }}
        options={{ classTimeId: shiftOptions }}
        onSubmit={(values) => calendarsApi.addOverride({ ...values, deviceId: deviceId! })}
        onClose={() => setAdding(false)}
        onSaved={reload}
      />
    </div>
  );
}
