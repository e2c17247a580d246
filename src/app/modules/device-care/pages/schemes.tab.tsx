import { useMemo } from 'react';
import { ListPage } from '@app/components';
import { useCareKind } from '../care-kind';
import { schemeList } from '../care.lists';
import { SchemeEditorDialog } from '../components/scheme-editor.dialog';

/** 方案: the kind's schemes and their items. */
export default function SchemesTab() {
  const info = useCareKind();
  const spec = useMemo(() => schemeList(info, { render: (props) => <SchemeEditorDialog {...props} /> }), [info]);
  return <ListPage spec={spec} />;
}
