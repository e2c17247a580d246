import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Alert, DatePicker, Descriptions, Form, Input, InputNumber, Radio, Select, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { SHIFT } from '@core/enums';
import {
  overReportLimit,
  reportQuantityError,
  ReportMessages,
  type CreateWorkReportRequest,
  type ReportableOperation,
  type ReportFormOptions,
  type WorkReport,
} from '@core/contracts/work-order/report';
import { FormDialog } from '@app/components/form-dialog';
import { UserSelect, type ListEditorProps } from '@app/components';
import { workReportApi } from '../work-report.api';

const TIME = 'YYYY-MM-DD HH:mm:ss';
const SEARCH_DELAY_MS = 400;

interface ReportValues {
  operationId?: number;
  deviceId?: number;
  shift: string;
  teamId?: number;
  operatorIds?: number[];
  startTime?: Dayjs;
  endTime?: Dayjs;
  goodQty?: number;
  defectQty?: number;
  /** Defect quantity by phenomenon id. */
  defects?: Record<string, number | null | undefined>;
  inspectQty?: number;
  remark?: string;
}

const operationLabel = (operation: ReportableOperation) =>
  `${operation.orderNo} ${operation.seq}. ${operation.processName}（计划${operation.plannedQty}，已审${operation.goodQty}，待审${operation.pendingQty}）`;

/** The default shift of a moment: 白班 A from 08:00 to 20:00, else 夜班 B. */
const shiftAt = (time: Dayjs) => (time.hour() >= 8 && time.hour() < 20 ? 'A' : 'B');

/**
 * 平台报工: pick an issued operation of an order (searched by order no), then report good, defects
 * by the process's bad phenomena, to-be-inspected, times, shift, team, operators and machine. The
 * shared rules check the form before it is sent; beyond the over-report limit it asks first and
 * sends the confirmation.
 */
export function ReportDialog({ editing, onClose, onSaved }: ListEditorProps<WorkReport>) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<ReportValues>();
  const [operations, setOperations] = useState<ReportableOperation[]>([]);
  const [searching, setSearching] = useState(false);
  const [loaded, setLoaded] = useState<{ operationId: number; options: ReportFormOptions } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const operationId = Form.useWatch('operationId', form);
  const defectValues = Form.useWatch('defects', form);
  const operation = operations.find((candidate) => candidate.operationId === operationId);
  // The options of the chosen operation (none while they load or before one is chosen).
  const options = operationId && loaded?.operationId === operationId ? loaded.options : null;
  const loadingOptions = !!operationId && !options;
  const open = !!editing;

  const search = (orderNo: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setSearching(true);
      workReportApi
        .operations(orderNo)
        .then(setOperations)
        .catch(() => undefined)
        .finally(() => setSearching(false));
    }, SEARCH_DELAY_MS);
  };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const end = dayjs().second(0);
    form.setFieldsValue({ shift: shiftAt(end), startTime: end.subtract(2, 'hour'), endTime: end, goodQty: 0, defectQty: 0, inspectQty: 0, defects: {} });
    search('');
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [open]);

  useEffect(() => {
    if (!operationId) return;
    let live = true;
    workReportApi
      .formOptions(operationId)
      .then((options) => {
        if (!live) return;
        setLoaded({ operationId, options });
        const own = operations.find((candidate) => candidate.operationId === operationId)?.deviceId;
        form.setFieldsValue({ deviceId: options.devices.some((device) => device.id === own) ? (own ?? undefined) : options.devices[0]?.id, defects: {}, defectQty: 0 });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload only when the operation changes
  }, [operationId]);

  const phenomena = useMemo(() => options?.phenomena ?? [], [options]);
  const defectSum = phenomena.reduce((sum, phenomenon) => sum + (Number(defectValues?.[phenomenon.id]) || 0), 0);

  const save = async () => {
    const values = await form.validateFields();
    const defects = phenomena
      .map((phenomenon) => ({ badPhenomenonId: phenomenon.id, qty: Number(values.defects?.[phenomenon.id]) || 0 }))
      .filter((defect) => defect.qty > 0);
    const defectQty = phenomena.length > 0 ? defectSum : (values.defectQty ?? 0);
    const request: CreateWorkReportRequest = {
      operationId: values.operationId!,
      goodQty: values.goodQty ?? 0,
      defectQty,
      inspectQty: values.inspectQty ?? 0,
      defects,
      startTime: values.startTime!.format(TIME),
      endTime: values.endTime!.format(TIME),
      shift: values.shift as CreateWorkReportRequest['shift'],
      teamId: values.teamId ?? null,
      operatorIds: values.operatorIds ?? [],
      deviceId: values.deviceId ?? null,
      remark: values.remark ?? '',
    };
    const problem = reportQuantityError(request);
    if (problem) {
      form.setFields([{ name: 'goodQty', errors: [problem] }]);
      return false;
    }
    if (options) {
      const total = options.reportedQty + request.goodQty + (options.defectCountsAsOutput ? request.defectQty : 0);
      const limit = overReportLimit(operation?.plannedQty ?? 0, options.tolerancePercent);
      if (total > limit) {
        const confirmed = await modal.confirm({
          title: '超报确认',
          content: `本工序报工数量合计${total}将超过计划数量上限${limit}（计划${operation?.plannedQty ?? 0}，允许超报${options.tolerancePercent}%），确定超报吗？`,
          okText: '确定超报',
          cancelText: '取消',
        });
        if (!confirmed) return false;
        request.confirmOverReport = true;
      }
    }
    await workReportApi.create(request);
  };

  const deviceOptions = (options?.devices ?? []).map((device) => ({ value: device.id, label: device.name }));
  const laterThanStart = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, value?: Dayjs) => {
      const start = getFieldValue('startTime') as Dayjs | undefined;
      return !value || !start || value.isAfter(start) ? Promise.resolve() : Promise.reject(new Error(ReportMessages.endBeforeStart));
    },
  });

  return (
    <FormDialog open={open} title="平台报工" width={760} save={save} successText="报工成功" onClose={onClose} onSaved={onSaved}>
      <Form form={form} layout="horizontal" labelCol={{ span: 4 }} className="mes-report-form">
        <Form.Item name="operationId" label="订单工序" rules={[{ required: true, message: '请选择订单工序' }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: search }}
            placeholder="输入订单号搜索已下发的工序"
            loading={searching}
            notFoundContent={searching ? <Spin size="small" /> : '没有可报工的工序（订单需已部署或生产中，工序已下发）'}
            options={operations.map((candidate) => ({ value: candidate.operationId, label: operationLabel(candidate) }))}
          />
        </Form.Item>
        {operation && (
          <Descriptions size="small" column={3} className="mes-report-operation" style={{ marginBottom: 12 }}>
            <Descriptions.Item label="客户">{operation.customerName}</Descriptions.Item>
            <Descriptions.Item label="产品">{operation.productName}</Descriptions.Item>
            <Descriptions.Item label="订单数量">{operation.orderQuantity}</Descriptions.Item>
            <Descriptions.Item label="计划数">{operation.plannedQty}</Descriptions.Item>
            <Descriptions.Item label="已审核良品">{operation.goodQty}</Descriptions.Item>
            <Descriptions.Item label="待审核良品">{operation.pendingQty}</Descriptions.Item>
          </Descriptions>
        )}
        <Spin spinning={loadingOptions}>
          <Form.Item name="deviceId" label="机台" rules={[{ required: deviceOptions.length > 0, message: '请选择机台' }]}>
            <Select placeholder={operation ? (deviceOptions.length > 0 ? '请选择机台' : '该工序无可用机台') : '请先选择订单工序'} options={deviceOptions} allowClear />
          </Form.Item>
          <Form.Item name="startTime" label="开始时间" rules={[{ required: true, message: '请选择开始时间' }]}>
            <DatePicker showTime format={TIME} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="endTime" label="结束时间" dependencies={['startTime']} rules={[{ required: true, message: '请选择结束时间' }, laterThanStart]}>
            <DatePicker showTime format={TIME} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="shift" label="班次">
            <Radio.Group options={SHIFT.options.map((option) => ({ value: option.value, label: option.label }))} />
          </Form.Item>
          <Form.Item name="teamId" label="班组">
            <Select placeholder="请选择班组" allowClear options={(options?.teams ?? []).map((team) => ({ value: team.id, label: team.name }))} />
          </Form.Item>
          <Form.Item name="operatorIds" label="操作员" rules={[{ required: true, message: ReportMessages.operatorsRequired }]}>
            <UserSelect multiple placeholder="请选择操作员" />
          </Form.Item>
          <Form.Item name="goodQty" label="良品数" rules={[{ required: true, message: '请输入良品数' }]}>
            <InputNumber min={0} precision={0} style={{ width: 180 }} />
          </Form.Item>
          {phenomena.length > 0 ? (
            <Form.Item label="不良数" extra={`不良数 = 各不良现象数量之和：${defectSum}`}>
              <div className="mes-report-defect-inputs" style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}>
                {phenomena.map((phenomenon) => (
                  <Form.Item key={phenomenon.id} name={['defects', String(phenomenon.id)]} noStyle>
                    <InputNumber min={0} precision={0} addonBefore={phenomenon.name} aria-label={`不良现象-${phenomenon.name}`} style={{ width: '100%' }} />
                  </Form.Item>
                ))}
              </div>
            </Form.Item>
          ) : (
            <Form.Item name="defectQty" label="不良数">
              <InputNumber min={0} precision={0} style={{ width: 180 }} />
            </Form.Item>
          )}
          <Form.Item name="inspectQty" label="待检数">
            <InputNumber min={0} precision={0} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
          {options && operation && (
            <Alert
              type="info"
              showIcon
              title={`本工序已报${options.reportedQty}（含待审核），计划${operation.plannedQty}，超过${options.limitQty}（允许超报${options.tolerancePercent}%）需确认超报`}
            />
          )}
        </Spin>
      </Form>
    </FormDialog>
  );
}
