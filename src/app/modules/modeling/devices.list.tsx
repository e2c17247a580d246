import type { Device } from '@core/contracts/modeling';
import { DEVICE_STATUS, DEVICE_USE, deviceUseLabel } from '@core/enums';
import type { ListAside, ListSpec } from '@app/components';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { devicesApi } from './modeling.api';

const STATUS_COLORS: Record<number, string> = { 1: 'default', 2: 'blue', 3: 'green', 4: 'gold', 5: 'red', 6: 'default' };
const STATUS_OPTIONS = DEVICE_STATUS.options.map((option) => ({ ...option, color: STATUS_COLORS[option.value] }));

export interface DeviceListHandlers {
  workshops: { value: string; label: string }[];
  openEditor: (row?: Device) => void;
  /** The device-type tree beside the list (its selection filters by deviceTypeId). */
  aside: ListAside;
}

/** 设备: the devices of the selected type with use, workshop, brand, model and status. */
export function deviceList({ workshops, openEditor, aside }: DeviceListHandlers): ListSpec<Device> {
  return {
    rowKey: 'id',
    columns: [
      { prop: 'deviceNo', label: '设备编号', filter: { type: 'tagInput' }, sortable: true, width: 120 },
      { prop: 'deviceName', label: '设备名称', filter: { type: 'input' }, sortable: true, width: 160 },
      { prop: 'deviceTypeName', label: '设备类型', width: 130 },
      { prop: 'workshopName', label: '车间', width: 110, filter: { prop: 'workshopId', type: 'select', multiple: true, options: workshops } },
      { prop: 'deviceUse', label: '设备用途', width: 100, render: (row) => deviceUseLabel(row.deviceUse), filter: { type: 'select', options: DEVICE_USE.options } },
      { prop: 'brand', label: '品牌', filter: { type: 'input' }, width: 110 },
      { prop: 'model', label: '型号', width: 120 },
      { prop: 'status', label: '设备状态', type: 'tag', options: STATUS_OPTIONS, filter: { type: 'select', multiple: true }, sortable: true, width: 100 },
    ],
    fetch: devicesApi.list,
    aside,
    toolbar: [{ key: 'add', label: '新增设备', primary: true, authority: A.deviceAdd, run: () => openEditor() }],
    rowActions: [
      { key: 'edit', label: '编辑', authority: A.deviceEdit, run: (row) => openEditor(row) },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        authority: A.deviceDelete,
        confirm: (row) => `确定删除设备「${row.deviceName}」吗？`,
        run: (row) => devicesApi.remove([row.id]),
      },
    ],
    importer: { title: '设备', authority: A.deviceImport, template: devicesApi.downloadTemplate, submit: devicesApi.importFile },
    exporter: { authority: A.deviceExport, run: devicesApi.exportFile },
  };
}
