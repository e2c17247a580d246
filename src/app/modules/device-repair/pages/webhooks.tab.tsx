import { ListPage } from '@app/components';
import { webhookList } from '../webhook.list';

/** 告警群设置: the robots fault alerts may go to. */
export default function WebhooksTab() {
  return <ListPage spec={webhookList} />;
}
