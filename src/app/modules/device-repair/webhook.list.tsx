import { Tag } from 'antd';
import { ENABLE_STATUS } from '@core/enums';
import type { CreateWebhookRequest, RepairWebhook } from '@core/contracts/device-repair';
import { DeviceRepairAuthorities as A } from '@core/access/authorities/device-repair';
import { columnOf, editorActions, type ListSpec } from '@app/components';
import { webhooksApi } from './device-repair.api';
import { WEBHOOK, WEBHOOK_FIELDS } from './device-repair.fields';

const TEST_MESSAGE = '【测试】这是一条来自纸箱MES的设备故障告警测试消息。';

const crud = editorActions<RepairWebhook>({ noun: '告警群', authorities: [A.webhook, A.webhook, A.webhook], name: (row) => row.name, remove: (row) => webhooksApi.remove([row.id]) });

/** 告警群设置: the factory's group-chat robots; fault alerts go only to these (enabled ones). */
export const webhookList: ListSpec<RepairWebhook> = {
  rowKey: 'id',
  columns: [
    { ...columnOf(WEBHOOK.name), filter: { type: 'input' }, sortable: true, width: 160 },
    { ...columnOf(WEBHOOK.url), width: 480 },
    { prop: 'enabled', label: '状态', width: 80, render: (row) => <Tag color={row.enabled ? 'green' : 'default'}>{ENABLE_STATUS.label(row.enabled)}</Tag> },
    { ...columnOf(WEBHOOK.remark), width: 200 },
  ],
  fetch: webhooksApi.list,
  toolbar: crud.toolbar,
  rowActions: [
    {
      key: 'test',
      label: '发送测试',
      authority: A.alert,
      when: (row) => row.enabled,
      confirm: (row) => `确定向「${row.name}」发送一条测试告警吗？`,
      success: '测试告警已发送',
      run: (row) => webhooksApi.sendTest(row.url, TEST_MESSAGE),
    },
    ...crud.rowActions,
  ],
  editor: {
    noun: '告警群',
    fields: WEBHOOK_FIELDS,
    initial: (row) => row ?? { enabled: true },
    save: (values: CreateWebhookRequest, row) => (row ? webhooksApi.update({ ...values, id: row.id }) : webhooksApi.create(values)),
  },
};
