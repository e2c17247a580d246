import { Col, DatePicker, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CARE_CYCLE, CARE_LIMITS, type CareCycle, type CreatePlanRequest, type Plan } from '@core/contracts/device-care';
import type { Device } from '@core/contracts/modeling';
import { FormDialog, UserSelect, useEditorForm, type ListEditorProps } from '@app/components';
import { allDevices, deviceOptions } from '@app/shared';
import { useSession } from '@app/shell/use-session';
import { useCareKind } from '../care-kind';

interface PlanFormValues {
  planName?: string;
  schemeId?: number;
  deviceIds?: number[];
  cycle?: CareCycle;
  runHours?: number | null;
  shiftIds?: number[];
  assigneeId?: number;
  active?: boolean;
  startDate?: Dayjs;
  remark?: string;
}

const CYCLE_OPTIONS = CARE_CYCLE.options.map((option) => ({ value: option.value, label: option.label }));
const NO_DEVICES: Device[] = [];
const required = (label: string, verb = '请选择') => [{ required: true, message: `${verb}${label}` }];

const formValuesOf = (plan: Plan): PlanFormValues => ({
  planName: plan.planName,
  schemeId: plan.schemeId,
  deviceIds: plan.deviceIds,
  cycle: plan.cycle as CareCycle,
  runHours: plan.runHours,
  shiftIds: plan.shiftIds,
  assigneeId: plan.assigneeId ?? undefined,
  active: plan.active,
  startDate: dayjs(plan.startDate),
  remark: plan.remark,
});

/** 新增/编辑点检计划 (保养计划): scheme, devices, cycle (shifts or run hours where it needs them), assignee, start and 启用. */
export function PlanEditorDialog({ editing, onClose, onSaved }: ListEditorProps<Plan>) {
  const { noun, api } = useCareKind();
  const [form] = Form.useForm<PlanFormValues>();
  const userId = useSession((state) => state.user?.userId);
  const row = editing?.row;
  const loaded = useEditorForm(
    form,
    editing,
    (id) => Promise.all([api.plans.options(), allDevices(), id ? api.plans.detail(id) : Promise.resolve(null)]),
    (data) =>
      data?.[2] ? formValuesOf(data[2]) : { cycle: 'daily' as const, active: true, startDate: dayjs(), assigneeId: userId, deviceIds: [], shiftIds: [] },
  );
  const { open } = loaded;
  const cycle = Form.useWatch('cycle', form);
  const [options, devices, detail] = loaded.data ?? [null, NO_DEVICES, null];

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return false;
    const request: CreatePlanRequest = {
      planName: values.planName ?? '',
      schemeId: values.schemeId!,
      deviceIds: values.deviceIds ?? [],
      cycle: values.cycle!,
      runHours: values.cycle === 'runHours' ? (values.runHours ?? null) : null,
      shiftIds: values.cycle === 'shift' ? (values.shiftIds ?? []) : [],
      assigneeId: values.assigneeId!,
      active: values.active ?? true,
      startDate: values.startDate!.format('YYYY-MM-DD'),
      remark: values.remark ?? '',
    };
    return row ? api.plans.update({ ...request, id: row.id }) : api.plans.create(request);
  };

  return (
    <FormDialog open={open} title={`${row ? '编辑' : '新增'}${noun}计划`} width={760} editing={!!row} save={save} onClose={onClose} onSaved={onSaved} loading={open && loaded.loading}>
      <Form form={form} layout="vertical" className="mes-care-plan-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="planName" label="计划名称" rules={[...required('计划名称', '请输入'), { max: 30, message: '计划名称不能超过30个字符' }]}>
              <Input maxLength={30} placeholder={`如 印刷机每日${noun}`} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="schemeId" label={`${noun}方案`} rules={required(`${noun}方案`)}>
              <Select placeholder={`请选择${noun}方案`} options={(options?.schemes ?? []).map((scheme) => ({ value: scheme.id, label: scheme.name }))} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="deviceIds" label="设备" rules={required('设备')}>
              <Select mode="multiple" placeholder="请选择设备" options={deviceOptions(devices)} showSearch={{ optionFilterProp: 'label' }} maxCount={CARE_LIMITS.devices} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="cycle" label="周期" rules={required('周期')}>
              <Select options={CYCLE_OPTIONS} />
            </Form.Item>
          </Col>
          <Col span={16}>
            {cycle === 'runHours' && (
              <Form.Item name="runHours" label="运行小时" rules={required('运行小时', '请输入')} extra="按设备状态时间线累计的运行时间，每满这么多小时生成一张工单">
                <InputNumber min={1} max={CARE_LIMITS.runHours} precision={1} suffix="小时" style={{ width: 200 }} />
              </Form.Item>
            )}
            {cycle === 'shift' && (
              <Form.Item name="shiftIds" label="班次" extra="不选则每个班次都生成">
                <Select
                  mode="multiple"
                  placeholder="全部班次"
                  options={(options?.shifts ?? []).map((shift) => ({ value: shift.id, label: `${shift.name}（${shift.startTime}-${shift.endTime}）` }))}
                />
              </Form.Item>
            )}
          </Col>
          <Col span={8}>
            <Form.Item name="assigneeId" label="执行人" rules={required('执行人')}>
              <UserSelect knownUsers={detail?.assigneeId ? [{ userId: detail.assigneeId, username: '', nickName: detail.assigneeName }] : undefined} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="startDate" label="开始日期" rules={required('开始日期')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="active" label="启用" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label="备注">
              <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormDialog>
  );
}
