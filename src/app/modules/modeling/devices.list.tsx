import type { Device } from '@core/contracts/modeling';
import { DEVICE_STATUS, DEVICE_USE, deviceUseLabel } from '@core/enums';
import type { ListQuery, ListSpec } from '../../components';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { devicesApi } from './modeling.api';

const STATUS_COLORS: Record<number, string> = { 1: 'default', 2: 'blue', 3: 'green', 4: 'gold', 5: 'red', 6: 'default' };
const STATUS_OPTIONS = DEVICE_STATUS.options.map((option) => ({ ...option, color: STATUS_COLORS[option.value] }));

export interface DeviceListHandlers {
  /** null: devices of every type. */
  deviceTypeId: number | null;
  workshops: { value: string; label: string }[];
  openEditor: (row?: Device) => void;
  onChanged: () => void;
}

/** 设备: the devices of the selected type with use, workshop, brand, model and status. */
export function deviceList({ deviceTypeId, workshops, openEditor, onChanged }: DeviceListHandlers): ListSpec<Device> {
  const scoped = (query: ListQuery): ListQuery => (deviceTypeId === null ? query : { ...query, deviceTypeId });
  return {
    rowKey: 'id',
    columns: [
      { prop: 'deviceNo', label: '设备编号', filter: { type: 'input' }, sortable: true, width: 120 },
      { prop: 'deviceName', label: '设备名称', filter: { type: 'input' }, sortable: true, width: 160 },
      { prop: 'deviceTypeName', label: '设备类型', width: 130 },
      { prop: 'workshopName', label: '车间', width: 110, filter: { prop: 'workshopId', type: 'select', multiple: true, options: workshops } },
      { prop: 'deviceUse', label: '设备用途', width: 100, render: (row) => deviceUseLabel(row.deviceUse), filter: { type: 'select', options: DEVICE_USE.options } },
      { prop: 'brand', label: '品牌', filter: { type: 'input' }, width: 110 },
      { prop: 'model', label: '型号', width: 120 },
      { prop: 'status', label: '设备状态', type: 'tag', options: STATUS_OPTIONS, filter: { type: 'select', multiple: true }, sortable: true, width: 100 },
    ],
    fetch: (query) => devicesApi.list(scoped(query)),
    toolbar: [{ key: 'add', label: '新增设备', primary: true, authority: A.deviceAdd, run: () => openEditor() }],
    rowActions: [
      { key: 'edit', label: '编辑', authority: A.deviceEdit, run: (row) => openEditor(row) },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        authority: A.deviceDelete,
        confirm: (row) => `确定删除设备「${row.deviceName}」吗？`,
        run: (row) => devicesApi.remove([row.id]).then(onChanged),
      },
    ],
    importer: { title: '设备', authority: A.deviceImport, template: devicesApi.downloadTemplate, submit: devicesApi.importFile, onImported: onChanged },
    exporter: { authority: A.deviceExport, run: (query) => devicesApi.exportFile(scoped(query)) },
  };
}
