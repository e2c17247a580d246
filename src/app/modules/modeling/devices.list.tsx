import type { Device } from '@core/contracts/modeling';
import { DEVICE_STATUS, DEVICE_USE, deviceUseLabel } from '@core/enums';
import { columnOf, editorActions, type ListAside, type ListSpec } from '@app/components';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { devicesApi } from './modeling.api';
import { DEVICE } from './modeling.fields';

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
      // Fits 1440 px beside the type tree: 型号 is on the device's page, not a column.
      { ...columnOf(DEVICE.deviceNo), filter: { type: 'tagInput' }, sortable: true, width: 100 },
      { ...columnOf(DEVICE.deviceName), filter: { type: 'input' }, sortable: true, width: 130 },
      { ...columnOf(DEVICE.deviceTypeName), width: 100 },
      { ...columnOf(DEVICE.workshopName), width: 90, filter: { prop: 'workshopId', type: 'select', multiple: true, options: workshops } },
      { ...columnOf(DEVICE.deviceUse), width: 90, render: (row) => deviceUseLabel(row.deviceUse), filter: { type: 'select', options: DEVICE_USE.options } },
      { ...columnOf(DEVICE.brand), filter: { type: 'input' }, width: 90 },
      { ...columnOf(DEVICE.status), type: 'tag', options: STATUS_OPTIONS, filter: { type: 'select', multiple: true }, sortable: true, width: 90 },
    ],
    fetch: devicesApi.list,
    aside,
    ...editorActions({ noun: '设备', authorities: [A.deviceAdd, A.deviceEdit, A.deviceDelete], name: (row) => row.deviceName, remove: (row) => devicesApi.remove([row.id]), open: openEditor }),
    importer: { title: '设备', authority: A.deviceImport, template: devicesApi.downloadTemplate, submit: devicesApi.importFile },
    exporter: { authority: A.deviceExport, run: devicesApi.exportFile },
  };
}
