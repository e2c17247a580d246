import { useMemo } from 'react';
import { ListPage } from '@app/components';
import { useLoaded } from '@app/components/use-loaded';
import { processesApi } from '../modeling.api';
import { badReasonList } from '../shop-floor.list';

/** 不良现象 tab: the bad phenomena of each process, filtered by process. */
export default function BadReasonsTab() {
  const processes = useLoaded(processesApi.all, 'processes', []).data;
  const spec = useMemo(() => badReasonList(processes), [processes]);
  return <ListPage spec={spec} />;
}
