import { useMemo } from 'react';
import { App } from 'antd';
import { ListPage } from '@app/components';
import { useCareKind } from '../care-kind';
import { planList } from '../care.lists';
import { PlanEditorDialog } from '../components/plan-editor.dialog';

/** 计划: the kind's plans with their editor and 立即生成. */
export default function PlansTab() {
  const info = useCareKind();
  const { message } = App.useApp();
  const spec = useMemo(
    () => planList(info, { render: (props) => <PlanEditorDialog {...props} /> }, (created) => void message.success(created > 0 ? `已生成${created}张工单` : '没有需要生成的工单')),
    [info, message],
  );
  return <ListPage spec={spec} />;
}
