import { useEffect } from 'react';
import { Form, Select, Typography } from 'antd';
import type { MachineOption, ScheduleTask } from '@core/contracts/schedule';
import { FormDialog, useLoaded } from '@app/components';
import { scheduleApi } from '../schedule.api';
import { hours } from '../schedule.options';

/** 分配机台 (the machine is kept with the task) or 手动排产 (the tasks join the end of the machine's queue). */
export type MachineDialogMode = 'assign' | 'manual';

export interface MachineDialogProps {
  mode: MachineDialogMode;
  /** The selected tasks; null closes the dialog. */
  tasks: readonly ScheduleTask[] | null;
  onClose: () => void;
  onSaved: () => void;
}

const NONE: MachineOption[] = [];
const TITLE: Record<MachineDialogMode, string> = { assign: '分配机台', manual: '手动排产' };
const SUCCESS: Record<MachineDialogMode, string> = { assign: '分配成功', manual: '排产成功' };

export const tasksText = (tasks: readonly ScheduleTask[]) => {
  const shown = tasks.slice(0, 3).map((task) => `${task.orderNo}·${task.processName}`).join('、');
  return tasks.length > 3 ? `${shown} 等 ${tasks.length} 个工序` : shown;
};

const machineLabel = (machine: MachineOption) =>
  `${machine.name}（${machine.deviceNo}）· ${machine.speed}/小时 · 队列 ${machine.queueLength} 个 ${hours(machine.queueMinutes)} 小时`;

/**
 * Picks a machine able to run every selected operation (its speed and queue shown). 手动排产 may
 * leave it empty when every task has its machine already (each joins its own machine's queue).
 */
export function MachineDialog({ mode, tasks, onClose, onSaved }: MachineDialogProps) {
  const [form] = Form.useForm<{ deviceId?: number }>();
  const ids = tasks?.map((task) => task.id) ?? [];
  const options = useLoaded(() => (ids.length ? scheduleApi.machineOptions(ids) : Promise.resolve(NONE)), ids.join(','), NONE);
  const everyHasMachine = !!tasks?.length && tasks.every((task) => task.deviceId !== null);
  const required = mode === 'assign' || !everyHasMachine;
  useEffect(() => {
    if (tasks) form.resetFields();
  }, [tasks, form]);

  const save = async () => {
    const { deviceId } = await form.validateFields();
    if (mode === 'assign') await scheduleApi.assignMachine(ids, deviceId!);
    else await scheduleApi.manualSchedule(ids, deviceId);
  };

  return (
    <FormDialog open={!!tasks} title={TITLE[mode]} save={save} successText={SUCCESS[mode]} onClose={onClose} onSaved={onSaved}>
      <Form form={form} layout="vertical" className={`mes-machine-dialog mes-machine-${mode}`}>
        <Form.Item label="所选工序">{tasks && tasksText(tasks)}</Form.Item>
        <Form.Item name="deviceId" label="机台" rules={required ? [{ required: true, message: '请选择机台' }] : []} extra={!required ? '不选：各工序排入已分配的机台' : undefined}>
          <Select
            allowClear={!required}
            loading={options.loading}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="请选择机台"
            notFoundContent={options.loading ? '加载中…' : '没有能生产所选工序的机台'}
            options={options.data.map((machine) => ({ value: machine.id, label: machineLabel(machine) }))}
          />
        </Form.Item>
        {mode === 'manual' && <Typography.Text type="secondary">所选工序按顺序排到机台队列末尾，并计算其时间。</Typography.Text>}
      </Form>
    </FormDialog>
  );
}
