import { useMemo, useState } from 'react';
import type { WorkFlow } from '../../../../core/contracts/modeling';
import { ListPage } from '../../../components';
import { WorkFlowEditorDialog } from '../components/work-flow-editor.dialog';
import { workFlowList } from '../work-flows.list';

/** 工艺路线 tab: the flows with their ordered processes, edited in a dialog. */
export default function WorkFlowsTab() {
  const [editing, setEditing] = useState<{ row?: WorkFlow } | null>(null);
  const [version, setVersion] = useState(0);
  const spec = useMemo(() => workFlowList((row) => setEditing({ row })), []);
  return (
    <>
      <ListPage key={version} spec={spec} />
      <WorkFlowEditorDialog editing={editing} onClose={() => setEditing(null)} onSaved={() => setVersion((value) => value + 1)} />
    </>
  );
}
