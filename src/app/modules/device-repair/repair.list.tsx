import { Typography } from 'antd';
import { REPAIR_STATUS, type Repair } from '@core/contracts/device-repair';
import { DeviceRepairAuthorities as A } from '@core/access/authorities/device-repair';
import { columnOf, editorActions, type ListEditor, type ListSpec, type RowAction } from '@app/components';
import { repairsApi, type RepairStep } from './device-repair.api';
import { REPAIR } from './device-repair.fields';

/** State tag colours: waiting orange, under way blue, waiting for acceptance purple, done green. */
export const REPAIR_STATUS_COLORS: Record<number, string> = { 1: 'orange', 2: 'blue', 4: 'purple', 3: 'green' };
export const REPAIR_STATUS_OPTIONS = REPAIR_STATUS.options.map((option) => ({ ...option, color: REPAIR_STATUS_COLORS[option.value] }));

/** What the page lets the list open. */
export interface RepairListHandlers {
  openDetail: (row: Repair) => void;
  /** 驳回 asks for its reason in a dialog of its own. */
  openReject: (row: Repair) => void;
  editor: ListEditor<Repair>;
}

/** A state change in one click after its question (开始维修 / 提交验收 / 验收通过). */
const step = (
  key: RepairStep,
  label: string,
  authority: string,
  from: number,
  question: (row: Repair) => string,
  success: string,
  refuse?: (row: Repair) => string | undefined,
): RowAction<Repair> => ({
  key,
  label,
  authority,
  when: (row) => row.status === from,
  confirm: question,
  success,
  ...(refuse ? { refuse } : {}),
  run: (row) => repairsApi.step(key, row.id),
});
const noRepairer = (row: Repair) => (row.repairerIds.length === 0 ? '请先编辑维修单，指定维修人后再开始维修。' : undefined);

/** Long text cut to the column, whole in its tooltip. */
function Clipped({ text, width }: { text: string; width: number }) {
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
      {text}
    </Typography.Text>
  );
}

const editable = (row: Repair) => row.status === 1 || row.status === 2;

/** 维修单: the factory's repair orders, their state and the step each one waits for. */
export function repairList({ openDetail, openReject, editor }: RepairListHandlers): ListSpec<Repair> {
  const crud = editorActions<Repair>({ noun: '维修单', authorities: [A.add, A.edit, A.delete], name: (row) => row.repairNo, remove: (row) => repairsApi.remove([row.id]) });
  const [edit, remove] = crud.rowActions;
  return {
    rowKey: 'id',
    columns: [
      {
        ...columnOf(REPAIR.repairNo),
        filter: { type: 'input' },
        sortable: true,
        width: 140,
        render: (row) => (
          <Typography.Link className="mes-repair-no" onClick={() => openDetail(row)}>
            {row.repairNo}
          </Typography.Link>
        ),
      },
      { ...columnOf(REPAIR.deviceName), filter: { type: 'input', placeholder: '设备名称或编号' }, width: 180, render: (row) => <Clipped text={`${row.deviceName}（${row.deviceNo}）`} width={164} /> },
      { ...columnOf(REPAIR.status), type: 'tag', options: REPAIR_STATUS_OPTIONS, filter: { type: 'select', multiple: true }, sortable: true, width: 80 },
      { ...columnOf(REPAIR.faultTime), type: 'date', dateFormat: 'datetime', sortable: true, width: 150 },
      { ...columnOf(REPAIR.faultDescription), width: 170, render: (row) => <Clipped text={row.faultDescription} width={154} /> },
      // 维修费用, 停机时段 and 验收人 are in the drawer and the export: the list fits 1440 px without scrolling.
      { ...columnOf(REPAIR.reporterName), width: 80 },
      { ...columnOf(REPAIR.repairerNames), width: 100, render: (row) => <Clipped text={row.repairerNames || '未指定'} width={84} /> },
    ],
    filters: [
      { prop: 'faultTime', label: '故障时间', type: 'daterange' },
      { prop: 'mine', label: '我的维修单', type: 'select', options: [{ value: '1', label: '只看由我维修' }] },
    ],
    fetch: repairsApi.list,
    toolbar: crud.toolbar,
    rowActions: [
      { key: 'detail', label: '详情', run: (row) => openDetail(row) },
      step('start', '开始维修', A.start, 1, (row) => `确定开始维修「${row.repairNo}」吗？`, '已开始维修', noRepairer),
      step('submit', '提交验收', A.submit, 2, (row) => `确定将「${row.repairNo}」提交验收吗？`, '已提交验收'),
      step('accept', '验收通过', A.accept, 4, (row) => `确定「${row.repairNo}」验收通过吗？通过后维修单即完成。`, '验收通过'),
      { key: 'reject', label: '驳回', danger: true, authority: A.reject, when: (row) => row.status === 4, run: (row) => openReject(row) },
      { ...edit!, when: editable },
      { ...remove!, when: (row) => row.status === 1 },
    ],
    visibleRowActions: 3,
    exporter: { authority: A.export, run: repairsApi.exportFile },
    editor,
  };
}
