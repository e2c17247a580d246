import { useMemo, useState } from 'react';
import { App, Button, Card, DatePicker, Descriptions, Empty, Form, Input, Modal, Popconfirm, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router-dom';
import type { WorkCalendar, WorkCalendarDay } from '@core/contracts/device-status';
import { DEVICE_CALENDAR_TYPES } from '@core/contracts/shifts';
import { ShiftAuthorities } from '@core/access/authorities/shifts';
import { AuthButton } from '@app/components/auth-button';
import { useLoaded } from '@app/components/use-loaded';
import { deviceLiveApi } from '../device-live.api';
import { dayTone } from '../components/board-figures';

type CalendarDevice = WorkCalendar['devices'][number];
const WEEKDAYS = '日一二三四五六';
const hours = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

const CALENDAR_CSS = `
.mes-workorder-calendar .mes-calendar-cell { cursor: pointer; line-height: 1.25; text-align: center; border-radius: 4px; padding: 2px 0; }
.mes-workorder-calendar .mes-calendar-cell:hover { outline: 1px solid #1677ff; }
.mes-workorder-calendar .mes-calendar-cell .planned { font-weight: 600; }
.mes-workorder-calendar .mes-calendar-cell .run { font-size: 12px; }
.mes-workorder-calendar .mes-calendar-cell[data-tone="rest"] { background: #f5f5f5; color: #8c8c8c; }
.mes-workorder-calendar .mes-calendar-cell[data-tone="down"] { background: #fff1f0; color: #cf1322; }
.mes-workorder-calendar .mes-calendar-cell[data-tone="extra"] { background: #e6f4ff; }
.mes-workorder-calendar .mes-calendar-cell .run[data-short="true"] { color: #d46b08; }
.mes-workorder-calendar .mes-calendar-cell .run[data-short="false"] { color: #389e0d; }
.mes-workorder-calendar .ant-table-thead th.mes-calendar-holiday { color: #cf1322; }
`;

/** The day dialog: the day's plan and what ran, its calendar entries (删除), and a new entry (停机 / 加班). */
function DayDialog({ device, day, calendar, onClose, onChanged }: { device: CalendarDevice; day: WorkCalendarDay; calendar: WorkCalendar; onClose: () => void; onChanged: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ type: number; classTimeId?: number; remark?: string }>();
  const type = Form.useWatch('type', form);
  const [saving, setSaving] = useState(false);
  const add = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await deviceLiveApi.addCalendarDay({ deviceId: device.id, date: day.date, type: values.type, classTimeId: values.type === 2 ? values.classTimeId : undefined, remark: values.remark });
      message.success('保存成功');
      onChanged();
    } finally {
      setSaving(false);
    }
  };
  const remove = async (id: number) => {
    await deviceLiveApi.removeCalendarDays([id]);
    message.success('删除成功');
    onChanged();
  };
  return (
    <Modal open title={`${device.name} ${day.date}`} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} width={640} className="mes-calendar-day-dialog">
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="日期类型">{day.holiday || (day.workday ? '工作日' : '休息日')}</Descriptions.Item>
        <Descriptions.Item label="班次">{day.shifts.length ? day.shifts.map((shift) => `${shift.name}${shift.extra ? '（加班）' : ''} ${shift.start}-${shift.end}`).join('，') : day.down ? '停机' : '不排班'}</Descriptions.Item>
        <Descriptions.Item label="计划工时">{hours(day.plannedHours)} 小时</Descriptions.Item>
        <Descriptions.Item label="实际运行">{hours(day.runHours)} 小时</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        设备日历设置
      </Typography.Title>
      {day.overrides.length ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          {day.overrides.map((override) => (
            <div key={override.id} className="mes-calendar-override" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <span>
                <Tag color={override.type === 1 ? 'red' : 'blue'}>{override.typeName}</Tag>
                {override.className}
                {override.remark ? `（${override.remark}）` : ''}
              </span>
              <Popconfirm title="确定删除该设置吗？" okText="确定" cancelText="取消" onConfirm={() => remove(override.id)}>
                <AuthButton type="link" danger size="small" authority={ShiftAuthorities.calendarEdit}>
                  删除
                </AuthButton>
              </Popconfirm>
            </div>
          ))}
        </Space>
      ) : (
        <Typography.Text type="secondary">当天没有设置，按班次和节假日排班</Typography.Text>
      )}
      <Form form={form} layout="inline" initialValues={{ type: 1 }} style={{ marginTop: 16, rowGap: 8 }}>
        <Form.Item name="type" label="类型">
          <Radio.Group options={DEVICE_CALENDAR_TYPES.map((option) => ({ value: option.value, label: option.label }))} />
        </Form.Item>
        {type === 2 ? (
          <Form.Item name="classTimeId" label="加班班次" rules={[{ required: true, message: '请选择加班班次' }]}>
            <Select style={{ width: 180 }} placeholder="请选择" options={calendar.shifts.map((shift) => ({ value: shift.id, label: `${shift.name} ${shift.start}-${shift.end}` }))} />
          </Form.Item>
        ) : null}
        <Form.Item name="remark" label="备注">
          <Input maxLength={200} style={{ width: 180 }} />
        </Form.Item>
        <AuthButton type="primary" authority={ShiftAuthorities.calendarEdit} loading={saving} onClick={() => void add()}>
          添加设置
        </AuthButton>
      </Form>
    </Modal>
  );
}

/**
 * /workorder-calendar 工单日历: every device's month — planned hours per day from its calendar
 * (shifts, holidays, 停机/加班 days, month plan) over the hours it actually ran; a day opens to edit
 * its calendar entries.
 */
export default function WorkorderCalendarPage() {
  const navigate = useNavigate();
  const [month, setMonth] = useState<Dayjs>(() => dayjs().startOf('month'));
  const [workshopId, setWorkshopId] = useState<number | undefined>();
  const [open, setOpen] = useState<{ deviceId: number; date: string } | null>(null);
  const key = `${month.format('YYYY-MM')}:${workshopId ?? ''}`;
  const { data: calendar, loading, reload } = useLoaded(() => deviceLiveApi.calendar({ month: month.format('YYYY-MM'), workshopId }), `calendar:${key}`, null);
  const today = dayjs().format('YYYY-MM-DD');

  const columns = useMemo((): ColumnsType<CalendarDevice> => {
    const days = calendar?.devices[0]?.days ?? [];
    return [
      {
        title: '设备',
        key: 'device',
        fixed: 'left',
        width: 150,
        render: (_, device) => (
          <Typography.Link onClick={() => navigate(`/device-detail?id=${device.id}`)}>
            {device.name}
            <div style={{ fontSize: 12, color: '#8c8c8c' }}>
              {device.deviceNo} · {device.workshopName || '—'}
            </div>
          </Typography.Link>
        ),
      },
      {
        title: '计划 / 运行（小时）',
        key: 'total',
        fixed: 'left',
        width: 136,
        render: (_, device) => (
          <span className="mes-calendar-total">
            {hours(device.plannedHours)} / {hours(device.runHours)}
          </span>
        ),
      },
      ...days.map((day, index) => ({
        key: day.date,
        width: 52,
        className: day.holiday ? 'mes-calendar-holiday' : undefined,
        title: (
          <div style={{ textAlign: 'center', lineHeight: 1.2 }} title={day.holiday || undefined}>
            {Number(day.date.slice(8))}
            <div style={{ fontSize: 11, fontWeight: 400 }}>{day.holiday ? '节' : WEEKDAYS[dayjs(day.date).day()]}</div>
          </div>
        ),
        render: (_: unknown, device: CalendarDevice) => {
          const cell = device.days[index]!;
          const future = cell.date > today;
          return (
            <div
              className="mes-calendar-cell"
              data-device-no={device.deviceNo}
              data-date={cell.date}
              data-tone={dayTone(cell)}
              role="button"
              tabIndex={0}
              title={`${cell.date} 计划 ${hours(cell.plannedHours)} 小时，运行 ${hours(cell.runHours)} 小时`}
              onClick={() => setOpen({ deviceId: device.id, date: cell.date })}
              onKeyDown={(event) => event.key === 'Enter' && setOpen({ deviceId: device.id, date: cell.date })}
            >
              <div className="planned">{cell.down ? '停' : cell.plannedHours > 0 ? hours(cell.plannedHours) : '休'}</div>
              <div className="run" data-short={future ? undefined : String(cell.runHours + 0.05 < cell.plannedHours)}>
                {future ? '' : hours(cell.runHours)}
              </div>
            </div>
          );
        },
      })),
    ];
  }, [calendar, navigate, today]);

  const device = open ? calendar?.devices.find((item) => item.id === open.deviceId) : undefined;
  const day = device?.days.find((item) => item.date === open?.date);
  return (
    <Card className="mes-workorder-calendar" size="small">
      <style>{CALENDAR_CSS}</style>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker picker="month" allowClear={false} value={month} onChange={(value) => value && setMonth(value.startOf('month'))} className="mes-calendar-month" />
        <Select
          allowClear
          placeholder="全部车间"
          style={{ width: 160 }}
          className="mes-calendar-workshop"
          value={workshopId}
          onChange={setWorkshopId}
          options={(calendar?.workshops ?? []).map((workshop) => ({ value: workshop.id, label: workshop.name }))}
        />
        <Typography.Text type="secondary">每格：上为计划工时（班次 − 休息，含加班；“休”不排班，“停”设备停机），下为实际运行小时（橙色：少于计划）。点击一天可设置停机或加班。</Typography.Text>
      </Space>
      {calendar && calendar.devices.length === 0 ? (
        <Empty description="暂无设备" />
      ) : (
        <Table<CalendarDevice> size="small" bordered rowKey="id" loading={loading} dataSource={calendar?.devices ?? []} columns={columns} pagination={false} scroll={{ x: 'max-content', y: 'calc(100vh - 300px)' }} />
      )}
      {calendar && device && day ? (
        <DayDialog
          device={device}
          day={day}
          calendar={calendar}
          onClose={() => setOpen(null)}
          onChanged={reload}
        />
      ) : null}
    </Card>
  );
}
