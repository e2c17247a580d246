import { Space, Tag, Tooltip, Typography } from 'antd';
import { ScheduleAuthorities as A } from '@core/access/authorities/schedule';
import type { CalcJob, ScheduleTask, TaskAction, UnfinishedHandle } from '@core/contracts/schedule';
import type { ListColumn, ListContext, ListSpec, RowAction, ToolbarAction } from '@app/components';
import { OrderChangeWarnings } from '@app/shared';
import { scheduleApi, type TaskIdsAction, type TaskListKind } from './schedule.api';
import { OPERATION_STATUS_OPTIONS, refusedTask, URGENCY_OPTIONS } from './schedule.options';
import { ChangeTag, Clipped, PartyCell, PlannedTime, UrgencyTag } from './components/cells';
import type { MachineDialogMode } from './components/machine.dialog';

/** What the page does for the list's buttons (dialogs and the background job live in the page). */
export interface TaskListHandlers {
  openMachine: (mode: MachineDialogMode, tasks: readonly ScheduleTask[], reload: () => void) => void;
  /** A background job was started (自动排产): the page follows its progress. */
  jobStarted: (job: CalcJob) => void;
  /** 机台排程 of one machine. */
  openQueue?: (deviceId: number) => void;
  /** The list again (after a change warning was handled in a row). */
  reload: () => void;
}

type Toolbar = ToolbarAction<ScheduleTask>;
const ids = (rows: readonly ScheduleTask[]) => rows.map((row) => row.id);

/** 订单号 with what a planner must see at once: ERP changes pending, times to recalculate, why it is out of the plan. */
function OrderNo({ task }: { task: ScheduleTask }) {
  return (
    <Space size={2} wrap className="mes-task-order">
      <span>{task.orderNo}</span>
      <UrgencyTag urgency={task.urgency} options={URGENCY_OPTIONS} />
      <ChangeTag count={task.changeWarnings} />
      {task.anewTimeFlag && (
        <Tooltip title={task.anewTimeReason || '计划时间需要重新计算'}>
          <Tag color="gold">待重算</Tag>
        </Tooltip>
      )}
      {task.unscheduledReason && (
        <Tooltip title={`上次计算未排入：${task.unscheduledReason}`}>
          <Tag color="red">未排入</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

const PLANNED = new Set<TaskListKind>(['notIssued', 'issued', 'unfinished', 'anewTime']);

function columns(kind: TaskListKind): ListColumn<ScheduleTask>[] {
  const planned = PLANNED.has(kind);
  const list: ListColumn<ScheduleTask>[] = [
    { prop: 'orderNo', label: '订单号', filter: { type: 'tagInput' }, width: 150, render: (task) => <OrderNo task={task} /> },
    {
      prop: 'customerName',
      label: '客户 / 产品',
      filter: { type: 'input', label: '客户名称' },
      width: 140,
      render: (task) => <PartyCell customer={task.customerName} product={task.productName} width={126} />,
    },
    { prop: 'processName', label: '工序', width: 90, render: (task) => `${task.seq}. ${task.processName}` },
    { prop: 'plannedQty', label: '计划数量', type: 'number', width: 76 },
    { prop: 'deliveryDate', label: '交货日期', width: 90, filter: { type: 'daterange' } },
    {
      prop: 'deviceName',
      label: planned ? '序号 / 机台' : '机台',
      width: 140,
      render: (task) =>
        task.deviceName ? (
          <Clipped text={planned && task.queuePos !== null ? `#${task.queuePos} ${task.deviceName}` : task.deviceName} width={126} />
        ) : (
          <Typography.Text type="secondary">未分配</Typography.Text>
        ),
    },
  ];
  if (planned) {
    list.push(
      { prop: 'plannedStart', label: '计划开始', width: 90, filter: { type: 'daterange' }, render: (task) => <PlannedTime value={task.plannedStart} late={false} /> },
      { prop: 'plannedEnd', label: '计划结束', width: 90, render: (task) => <PlannedTime value={task.plannedEnd} late={task.late} /> },
    );
  }
  if (kind === 'anewTime') list.push({ prop: 'anewTimeReason', label: '重算原因', width: 120 });
  list.push({ prop: 'status', label: '工序状态', type: 'tag', options: OPERATION_STATUS_OPTIONS, width: 80 });
  return list;
}

/** A batch button on the selected tasks: enabled when the state allows it for every one, behind its code. */
function batch(action: TaskIdsAction, label: string, authority: string, confirm: string, success: string, danger = false): Toolbar {
  return {
    key: action,
    label,
    authority,
    danger,
    needsSelection: true,
    disabledReason: ({ selectedRows }) => refusedTask(selectedRows, action),
    confirm,
    success,
    run: ({ selectedRows }) => scheduleApi.act(action, ids(selectedRows)),
  };
}

function machineButton(mode: MachineDialogMode, action: TaskAction, label: string, authority: string, handlers: TaskListHandlers, primary = false): Toolbar {
  return {
    key: action,
    label,
    authority,
    primary,
    needsSelection: true,
    disabledReason: ({ selectedRows }) => refusedTask(selectedRows, action),
    run: ({ selectedRows, reload }: ListContext<ScheduleTask>) => handlers.openMachine(mode, selectedRows, reload),
  };
}

const auto = (handlers: TaskListHandlers): Toolbar => ({
  key: 'autoSchedule',
  label: '自动排产',
  authority: A.autoSchedule,
  needsSelection: true,
  disabledReason: ({ selectedRows }) => refusedTask(selectedRows, 'autoSchedule'),
  confirm: '确定自动排产所选工序吗？系统将为其选择机台和顺序，计算期间可查看进度或中止。',
  success: '已开始自动排产',
  run: ({ selectedRows }) => scheduleApi.autoSchedule(ids(selectedRows)).then(handlers.jobStarted),
});

const ISSUE = batch('issue', '下发工单', A.issue, '确定下发所选工序的工单吗？下发后机台即可开工。', '下发成功');
const URGENT = batch('urgent', '插单', A.urgent, '确定将所选工序插到其机台队列的最前面吗？其后任务的时间将重新计算。', '插单成功');
const CANCEL = batch('cancel', '取消排产', A.cancel, '确定取消所选工序的排产吗？取消后回到待排工序。', '取消成功', true);

const unfinished = (handle: UnfinishedHandle, label: string, confirm: string): Toolbar => ({
  key: handle,
  label,
  authority: A.unfinished,
  needsSelection: true,
  disabledReason: ({ selectedRows }) => refusedTask(selectedRows, handle, true),
  confirm,
  success: `${label}成功`,
  run: ({ selectedRows }) => scheduleApi.handleUnfinished(ids(selectedRows), handle),
});

function toolbar(kind: TaskListKind, handlers: TaskListHandlers): Toolbar[] {
  switch (kind) {
    case 'standby':
      return [
        machineButton('assign', 'assignMachine', '分配机台', A.assignMachine, handlers, true),
        batch('preSchedule', '预排产', A.preSchedule, '确定将所选工序转入预排产吗？', '预排产成功'),
        machineButton('manual', 'manualSchedule', '手动排产', A.manualSchedule, handlers),
        auto(handlers),
      ];
    case 'pre':
      return [
        machineButton('assign', 'assignMachine', '分配机台', A.assignMachine, handlers),
        machineButton('manual', 'manualSchedule', '手动排产', A.manualSchedule, handlers, true),
        auto(handlers),
        batch('cancelPre', '取消预排', A.preSchedule, '确定取消所选工序的预排产吗？取消后回到待排工序。', '取消成功', true),
      ];
    case 'notIssued':
      return [{ ...ISSUE, primary: true }, URGENT, CANCEL];
    case 'issued':
      return [URGENT];
    case 'unfinished':
      return [
        unfinished('carryOver', '顺延', '确定顺延所选任务吗？未完成的数量从现在起继续排在原机台，其后任务的时间重新计算。'),
        unfinished('reschedule', '重新排产', '确定将所选任务退回待排工序重新排产吗？'),
        { ...unfinished('close', '关闭', '确定关闭所选任务吗？任务按已报工数量结束，不再生产。'), danger: true },
      ];
    case 'anewTime':
      return [
        {
          key: 'cancelFlag',
          label: '取消标记',
          authority: A.calculate,
          needsSelection: true,
          confirm: '确定取消所选任务的时间待重算标记吗？其计划时间保持不变。',
          success: '操作成功',
          run: ({ selectedRows }) => scheduleApi.cancelAnewTimeFlag(ids(selectedRows)),
        },
        {
          key: 'cancelAllFlags',
          label: '全部取消标记',
          authority: A.calculate,
          confirm: '确定取消全部任务的时间待重算标记吗？其计划时间保持不变。',
          success: '操作成功',
          run: () => scheduleApi.cancelAnewTimeFlag(),
        },
      ];
    case 'revoked':
      return [batch('batchDelete', '批量删除', A.taskDelete, '确定从排程中删除所选任务吗？订单已撤销，这些任务不再生产。', '删除成功', true)];
  }
}

/** One list of schedule tasks (待排工序, 预排产, 已排产 tabs, unfinished, wrong times, revoked orders). */
export function taskList(kind: TaskListKind, handlers: TaskListHandlers): ListSpec<ScheduleTask> {
  const planned = PLANNED.has(kind);
  const queue: RowAction<ScheduleTask>[] = handlers.openQueue && planned
    ? [{ key: 'queue', label: '机台排程', authority: A.machine, when: (task) => task.deviceId !== null && task.queuePos !== null, run: (task) => handlers.openQueue!(task.deviceId!) }]
    : [];
  return {
    rowKey: 'id',
    columns: columns(kind),
    filters: [
      { prop: 'productName', label: '产品名称', type: 'input' },
      { prop: 'urgency', label: '紧急程度', type: 'select', multiple: true, options: URGENCY_OPTIONS },
      ...(planned ? [{ prop: 'late', label: '仅延期', type: 'select' as const, options: [{ value: 'true', label: '是' }] }] : []),
    ],
    visibleFilters: 4,
    fetch: scheduleApi.tasks(kind),
    pageSizes: 'large',
    toolbar: toolbar(kind, handlers),
    rowActions: queue,
    ...(kind === 'notIssued' || kind === 'issued' ? { exporter: { authority: A.export, run: (query) => scheduleApi.exportSchedule(kind, query) } } : {}),
    rowClassName: (task) => (task.late ? 'is-late' : task.anewTimeFlag ? 'is-anew' : undefined),
    expandable: {
      rowExpandable: (task) => task.changeWarnings > 0,
      render: (task) => <OrderChangeWarnings orderId={task.orderId} onHandled={handlers.reload} />,
    },
    columnSettings: { pageKey: `schedule:${kind}` },
  };
}

/** The schedule pages' own styles (the console's shadow root has no module stylesheet). */
export const SCHEDULE_CSS = `
.mes-schedule .is-late > td { background: #fff1f0; }
.mes-schedule .is-late:hover > td { background: #ffe7e6 !important; }
.mes-schedule .is-anew > td { background: #fffbe6; }
.mes-task-order .ant-tag { margin-inline-end: 0; }
`;
