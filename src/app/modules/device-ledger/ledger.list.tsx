import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { DeviceLedgerAuthorities as A } from '@core/access/authorities/device-ledger';
import { warrantyState, type LedgerOptions, type LedgerRow } from '@core/contracts/device-ledger';
import { DEVICE_STATUS, DEVICE_USE } from '@core/enums';
import { columnOf, type FilterOption, type ListSpec } from '@app/components';
import { ledgerApi } from './device-ledger.api';
import { typeTree } from '@app/shared/device-knowledge';
import { LEDGER } from './device-ledger.fields';

const STATUS_COLORS: Record<number, string> = { 1: 'default', 2: 'blue', 3: 'green', 4: 'gold', 5: 'red', 6: 'default' };
const STATUS_OPTIONS = DEVICE_STATUS.options.map((option) => ({ ...option, color: STATUS_COLORS[option.value] }));

/** The device-type cascader's options (values are strings, as filters are). */
const cascaderNode = (type: { id: number; name: string }, children: FilterOption[] | undefined): FilterOption => ({ value: String(type.id), label: type.name, ...(children ? { children } : {}) });

/** 保修截止 with its state: 已过保 red, within 30 days orange. */
function Warranty({ row }: { row: LedgerRow }) {
  const today = dayjs().format('YYYY-MM-DD');
  const state = warrantyState(row.warrantyEnd, today);
  if (state === 'none') return <Typography.Text type="secondary">—</Typography.Text>;
  const soon = state === 'valid' && dayjs(row.warrantyEnd).diff(dayjs(today), 'day') <= 30;
  return (
    <span className="mes-ledger-warranty" data-state={state}>
      {row.warrantyEnd} {state === 'expired' ? <Tag color="red">已过保</Tag> : soon ? <Tag color="orange">即将过保</Tag> : null}
    </span>
  );
}

export interface LedgerListHandlers {
  options: LedgerOptions;
  openDetail: (row: LedgerRow, tab?: 'basics' | 'pictures') => void;
  openEditor: (row: LedgerRow) => void;
  printLabels: (rows: readonly LedgerRow[]) => void;
}

/** 设备台账: every device of the factory with its asset number, purchase, warranty, place and person. */
export function ledgerList({ options, openDetail, openEditor, printLabels }: LedgerListHandlers): ListSpec<LedgerRow> {
  const workshops = options.workshops.map((workshop) => ({ value: String(workshop.id), label: workshop.name }));
  return {
    rowKey: 'id',
    columns: [
      {
        ...columnOf(LEDGER.deviceNo),
        filter: { type: 'tagInput' },
        sortable: true,
        width: 100,
        render: (row) => (
          <Typography.Link className="mes-ledger-device-no" onClick={() => openDetail(row)}>
            {row.deviceNo}
          </Typography.Link>
        ),
      },
      { ...columnOf(LEDGER.deviceName), filter: { type: 'input' }, width: 140, render: (row) => <Typography.Text ellipsis={{ tooltip: row.deviceName }} style={{ maxWidth: 124 }}>{row.deviceName}</Typography.Text> },
      { ...columnOf(LEDGER.assetNo), filter: { type: 'input' }, sortable: true, width: 120 },
      { ...columnOf(LEDGER.workshopName), width: 90, filter: { prop: 'workshopId', type: 'select', multiple: true, options: workshops } },
      { ...columnOf(LEDGER.deviceTypeName), width: 100, filter: { prop: 'deviceTypePath', type: 'cascader', options: typeTree(options.deviceTypes, cascaderNode) } },
      { ...columnOf(LEDGER.status), type: 'tag', options: STATUS_OPTIONS, filter: { type: 'select', multiple: true }, sortable: true, width: 80 },
      { ...columnOf(LEDGER.warrantyEnd), sortable: true, width: 140, render: (row) => <Warranty row={row} /> },
      { ...columnOf(LEDGER.responsibleName), width: 80 },
    ],
    // 设备用途 and 供应商 filter without a column, and 购置日期 / 存放位置 are in the detail and the export: the list fits 1440 px.
    filters: [
      { prop: 'deviceUse', label: '设备用途', type: 'select', options: DEVICE_USE.options },
      { prop: 'supplier', label: '供应商', type: 'input' },
    ],
    fetch: ledgerApi.list,
    toolbar: [{ key: 'print', label: '打印标签', authority: A.print, needsSelection: true, run: ({ selectedRows }) => printLabels(selectedRows) }],
    rowActions: [
      { key: 'detail', label: '详情', run: (row) => openDetail(row) },
      { key: 'edit', label: '编辑', authority: A.edit, run: (row) => openEditor(row) },
      { key: 'pictures', label: '图片', run: (row) => openDetail(row, 'pictures') },
      { key: 'label', label: '打印标签', authority: A.print, run: (row) => printLabels([row]) },
    ],
    visibleRowActions: 3,
    importer: { title: '设备台账', authority: A.import, template: ledgerApi.downloadTemplate, submit: ledgerApi.importFile },
    exporter: { authority: A.export, run: ledgerApi.exportFile },
  };
}
