import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ALL_CATEGORIES, CategoryTree, LIST_PARAMS, ListPage } from '@app/components';
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

/** 设备 tab: the device-type tree on the left, the selected type's devices on the right; 新增/编辑 open /edit-device. */
export default function DevicesTab() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  // The editor page comes back to this exact list: tab, type, filters and page.
  const from = `${location.pathname}${location.search}`;
  const selected = params.get(TYPE_PARAM) ?? ALL_CATEGORIES;
  const deviceTypeId = selected === ALL_CATEGORIES ? null : Number(selected);
  const [treeVersion, setTreeVersion] = useState(0);
  const changed = useCallback(() => setTreeVersion((value) => value + 1), []);
  const workshops = useLoaded(workshopsApi.all, 'workshops', []).data;

  const select = (key: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(LIST_PARAMS.page);
        if (key === ALL_CATEGORIES) next.delete(TYPE_PARAM);
        else next.set(TYPE_PARAM, key);
        return next;
      },
      { replace: true },
    );

  const spec = useMemo(
    () =>
      deviceList({
        deviceTypeId,
        workshops: filterOptionsOf(workshops, (row) => row.workshopName),
        openEditor: (row) => navigate(deviceEditorPath(row?.id, deviceTypeId), { state: { from } satisfies DeviceEditorState }),
        onChanged: changed,
      }),
    [deviceTypeId, workshops, changed, navigate, from],
  );

  return (
    <div className="mes-devices-tab" style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <aside style={{ width: 260, flex: 'none', borderRight: '1px solid #f0f0f0', paddingRight: 12 }}>
        <CategoryTree
          noun="设备类型"
          allLabel="全部设备"
          load={loadTypes}
          editor={editType}
          authorities={{ add: A.machineTypeAdd, edit: A.machineTypeEdit, delete: A.machineTypeDelete }}
          create={(values, parentId) => deviceTypesApi.create({ ...(values as { machineType: string; machineTypeName: string }), parentId })}
          update={(node, values) =>
            deviceTypesApi.update({ id: node.id, ...(node.values as { parentId: number | null }), ...(values as { machineType: string; machineTypeName: string }) })
          }
          remove={(node) => deviceTypesApi.remove([node.id])}
          selected={selected}
          onSelect={select}
          refreshKey={treeVersion}
        />
      </aside>
      <section style={{ flex: 1, minWidth: 0 }}>
        <ListPage key={selected} spec={spec} />
      </section>
    </div>
  );
}
