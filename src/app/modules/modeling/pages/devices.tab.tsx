import { useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ALL_CATEGORIES, ListPage, type ListAside } from '@app/components';
import { categoryEditor } from '@app/components/form-dialog';
import { deviceEditorPath, type DeviceEditorState } from '../components/device-route';
import { deviceTypeCategories, filterOptionsOf } from '../components/options';
import { useLoaded } from '@app/components/use-loaded';
import { deviceList } from '../devices.list';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { deviceTypesApi, workshopsApi } from '../modeling.api';
import { DEVICE_TYPE_FIELDS } from '../modeling.forms';

/** URL param of the selected device type. */
const TYPE_PARAM = 'typeId';
const loadTypes = () => deviceTypesApi.tree().then(deviceTypeCategories);
const editType = categoryEditor(DEVICE_TYPE_FIELDS);

const TYPE_ASIDE: ListAside = {
  filter: 'deviceTypeId',
  param: TYPE_PARAM,
  tree: {
    noun: '设备类型',
    allLabel: '全部设备',
    load: loadTypes,
    editor: editType,
    authorities: { add: A.machineTypeAdd, edit: A.machineTypeEdit, delete: A.machineTypeDelete },
    create: (values, parentId) => deviceTypesApi.create({ ...(values as { machineType: string; machineTypeName: string }), parentId }),
    update: (node, values) =>
      deviceTypesApi.update({ id: node.id, ...(node.values as { parentId: number | null }), ...(values as { machineType: string; machineTypeName: string }) }),
    remove: (node) => deviceTypesApi.remove([node.id]),
  },
};

/** 设备 tab: the device-type tree on the left (ListPage aside), the selected type's devices on the right; 新增/编辑 open /edit-device. */
export default function DevicesTab() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  // The editor page comes back to this exact list: tab, type, filters and page.
  const from = `${location.pathname}${location.search}`;
  const selected = params.get(TYPE_PARAM) ?? ALL_CATEGORIES;
  const deviceTypeId = selected === ALL_CATEGORIES ? null : Number(selected);
  const workshops = useLoaded(workshopsApi.all, 'workshops', []).data;

  const spec = useMemo(
    () =>
      deviceList({
        workshops: filterOptionsOf(workshops, (row) => row.workshopName),
        openEditor: (row) => navigate(deviceEditorPath(row?.id, deviceTypeId), { state: { from } satisfies DeviceEditorState }),
        aside: TYPE_ASIDE,
      }),
    [deviceTypeId, workshops, navigate, from],
  );

  return (
    <div className="mes-devices-tab">
      <ListPage spec={spec} />
    </div>
  );
}
