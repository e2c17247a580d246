import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Segmented } from 'antd';
import type { WorkFlow } from '@core/contracts/modeling';
import { ListPage, useListReload } from '@app/components';
import { ProcessMap } from '../components/process-map';
import { WorkFlowEditorDialog } from '../components/work-flow-editor.dialog';
import { workFlowList } from '../work-flows.list';

/** URL param of the view: the list (default) or the process map. */
const VIEW_PARAM = 'view';
const MAP_VIEW = 'map';
const VIEWS = [
  { value: 'list', label: '列表' },
  { value: MAP_VIEW, label: '工序地图' },
];

/** 工艺路线 tab: the flows with their ordered processes, edited in a dialog, or all of them as a process map. */
export default function WorkFlowsTab() {
  const [params, setParams] = useSearchParams();
  const view = params.get(VIEW_PARAM) === MAP_VIEW ? MAP_VIEW : 'list';
  const [editing, setEditing] = useState<{ row?: WorkFlow } | null>(null);
  const [list, reloadList] = useListReload();
  // The map has no reload of its own: saving redraws it.
  const [mapVersion, setMapVersion] = useState(0);
  const reload = () => {
    reloadList();
    setMapVersion((value) => value + 1);
  };
  const spec = useMemo(() => workFlowList((row) => setEditing({ row })), []);
  const switchView = (next: string) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === MAP_VIEW) updated.set(VIEW_PARAM, MAP_VIEW);
        else updated.delete(VIEW_PARAM);
        return updated;
      },
      { replace: true },
    );
  return (
    <>
      <Segmented className="mes-work-flow-view" options={VIEWS} value={view} onChange={(value) => switchView(String(value))} style={{ marginBottom: 12 }} />
      {view === MAP_VIEW ? <ProcessMap key={mapVersion} /> : <ListPage handle={list} spec={spec} />}
      <WorkFlowEditorDialog editing={editing} onClose={() => setEditing(null)} onSaved={reload} />
    </>
  );
}
