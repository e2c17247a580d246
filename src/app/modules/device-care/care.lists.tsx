import { Tag, Typography } from 'antd';
import { CARE_CYCLE, CARE_ORDER_STATE, type CareOrder, type Plan, type Scheme } from '@core/contracts/device-care';
import { editorActions, type ListEditor, type ListSpec } from '@app/components';
import type { CareKindInfo } from './care-kind';

/** State tag colours: 待执行 blue, 执行中 orange, 已完成 green, 已逾期 red (the calendar uses the same). */
export const CARE_STATE_COLORS: Record<number, string> = { 1: 'blue', 2: 'orange', 3: 'green', 4: 'red' };
export const CARE_STATE_OPTIONS = CARE_ORDER_STATE.options.map((option) => ({ ...option, color: CARE_STATE_COLORS[option.value] }));
const CYCLE_OPTIONS = CARE_CYCLE.options.map((option) => ({ value: option.value, label: option.label }));
const MINE_OPTIONS = [{ value: '1', label: '只看我的' }];

/** The module's own styles (the console's shadow root has no stylesheet of the module): overdue orders stand out. */
export const CARE_CSS = `
.mes-device-care .is-overdue > td, .mes-device-care-history .is-overdue > td, .mes-care-day-drawer .is-overdue > td { background: #fff1f0; }
.mes-device-care .is-overdue:hover > td, .mes-device-care-history .is-overdue:hover > td, .mes-care-day-drawer .is-overdue:hover > td { background: #ffe7e6 !important; }
`;

/** Long text cut to the column, whole in its tooltip. */
export function Clipped({ text, width }: { text: string; width: number }) {
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
      {text}
    </Typography.Text>
  );
}

const cycleText = (row: { cycle: string; runHours?: number | null }) => (row.cycle === 'runHours' && row.runHours ? `每运行${row.runHours}小时` : CARE_CYCLE.label(row.cycle));

/** What the orders tab lets its list open. */
export interface OrderListHandlers {
  /** 执行 (or the read-only view of a done order). */
  open: (row: CareOrder) => void;
  /** After 立即生成: how many orders it made. */
  generated: (created: number) => void;
}

/** 点检工单 / 保养工单: generated orders with their due time, assignee and state (已逾期 from the server). */
export function orderList({ noun, api, A }: CareKindInfo, { open, generated }: OrderListHandlers): ListSpec<CareOrder> {
  return {
    rowKey: 'id',
    columns: [
      {
        prop: 'orderNo',
        label: '工单号',
        filter: { type: 'input' },
        sortable: true,
        width: 140,
        render: (row) => (
          <Typography.Link className="mes-care-order-no" onClick={() => open(row)}>
            {row.orderNo}
          </Typography.Link>
        ),
      },
      { prop: 'deviceName', label: '设备', filter: { type: 'input', placeholder: '设备名称或编号' }, width: 170, render: (row) => <Clipped text={`${row.deviceName}（${row.deviceNo}）`} width={154} /> },
      // 周期 shows under the plan's name; 完成时间 is in the order's dialog: the list fits 1440 px without scrolling.
      {
        prop: 'planName',
        label: '计划',
        filter: { type: 'input' },
        width: 160,
        render: (row) => <Clipped text={`${row.planName}（${CARE_CYCLE.label(row.cycle)}）`} width={144} />,
      },
      { prop: 'dueTime', label: '到期时间', type: 'date', dateFormat: 'datetime', sortable: true, width: 150 },
      { prop: 'assigneeName', label: '执行人', width: 90 },
      { prop: 'executorName', label: '实际执行', width: 90 },
      { prop: 'state', label: '状态', type: 'tag', options: CARE_STATE_OPTIONS, filter: { type: 'select', multiple: true }, sortable: true, width: 80 },
      {
        prop: 'abnormalCount',
        label: '异常',
        width: 130,
        render: (row) => (row.abnormalCount > 0 ? <Tag color="red">{`${row.abnormalCount}项异常${row.repairCount > 0 ? `·已报修${row.repairCount}` : ''}`}</Tag> : row.state === 3 ? '正常' : '—'),
      },
    ],
    filters: [
      { prop: 'dueTime', label: '到期时间', type: 'daterange' },
      { prop: 'mine', label: '我的工单', type: 'select', options: MINE_OPTIONS },
    ],
    defaultSort: { field: 'dueTime', direction: 'desc' },
    fetch: api.orders.list,
    toolbar: [{ key: 'generate', label: '立即生成', authority: A.generate, confirm: `按启用的${noun}计划立即生成到期的工单吗？已生成的不会重复生成。`, run: async () => generated((await api.plans.generate()).created) }],
    rowActions: [
      { key: 'execute', label: '执行', authority: A.execute, when: (row) => row.state !== 3, run: (row) => open(row) },
      { key: 'view', label: '查看', when: (row) => row.state === 3, run: (row) => open(row) },
    ],
    rowClassName: (row) => (row.state === 4 ? 'is-overdue' : undefined),
  };
}

/** 点检计划 / 保养计划: which scheme on which devices, how often, by whom. */
export function planList({ noun, api, A }: CareKindInfo, editor: ListEditor<Plan>, generated: (created: number) => void): ListSpec<Plan> {
  const crud = editorActions<Plan>({ noun: `${noun}计划`, authorities: [A.planAdd, A.planEdit, A.planDelete], name: (row) => row.planName, remove: (row) => api.plans.remove([row.id]) });
  return {
    rowKey: 'id',
    columns: [
      { prop: 'planName', label: '计划名称', filter: { type: 'input' }, sortable: true, width: 170 },
      { prop: 'schemeName', label: '方案', width: 160, render: (row) => <Clipped text={row.schemeName} width={144} /> },
      { prop: 'deviceNames', label: '设备', width: 220, render: (row) => <Clipped text={row.deviceNames} width={204} /> },
      { prop: 'cycle', label: '周期', filter: { type: 'select', options: CYCLE_OPTIONS, multiple: true }, sortable: true, width: 120, render: (row) => cycleText(row) },
      { prop: 'assigneeName', label: '执行人', width: 90 },
      { prop: 'active', label: '状态', width: 70, render: (row) => <Tag color={row.active ? 'green' : 'default'}>{row.active ? '启用' : '停用'}</Tag> },
      { prop: 'startDate', label: '开始日期', sortable: true, width: 110 },
      { prop: 'orderCount', label: '工单数', type: 'number', width: 80 },
    ],
    fetch: api.plans.list,
    toolbar: [
      ...crud.toolbar,
      { key: 'generate', label: '立即生成', authority: A.generate, confirm: `按启用的${noun}计划立即生成到期的工单吗？已生成的不会重复生成。`, run: async () => generated((await api.plans.generate()).created) },
    ],
    rowActions: crud.rowActions,
    editor,
  };
}

/** 点检方案 / 保养方案: named lists of items; a scheme a plan uses cannot be deleted. */
export function schemeList({ noun, api, A }: CareKindInfo, editor: ListEditor<Scheme>): ListSpec<Scheme> {
  const crud = editorActions<Scheme>({
    noun: `${noun}方案`,
    authorities: [A.schemeAdd, A.schemeEdit, A.schemeDelete],
    name: (row) => row.schemeName,
    remove: (row) => api.schemes.remove([row.id]),
    refuseDelete: (row) => (row.planCount > 0 ? `该方案已被${row.planCount}个${noun}计划使用，请先修改或删除这些计划。` : undefined),
  });
  return {
    rowKey: 'id',
    columns: [
      { prop: 'schemeName', label: '方案名称', filter: { type: 'input' }, sortable: true, width: 220 },
      { prop: 'itemCount', label: '检查项目数', type: 'number', width: 110 },
      { prop: 'planCount', label: '使用计划数', type: 'number', width: 110 },
      { prop: 'remark', label: '备注', width: 260, render: (row) => <Clipped text={row.remark} width={244} /> },
      { prop: 'updateTime', label: '更新时间', type: 'date', dateFormat: 'datetime', width: 160 },
    ],
    fetch: api.schemes.list,
    toolbar: crud.toolbar,
    rowActions: crud.rowActions,
    editor,
  };
}
