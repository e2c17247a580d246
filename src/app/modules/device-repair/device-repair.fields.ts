import { fieldsOf, formField as f, type FormField } from '@app/components/form-dialog';
import { CreateRepairRequest, CreateWebhookRequest } from '@core/contracts/device-repair';

/** Every 维修单 field once (labels and limits from the contract's titles): columns, filters, the editor and the drawer. */
export const REPAIR = fieldsOf(CreateRepairRequest, {
  repairNo: '维修单号',
  deviceId: '设备',
  deviceName: '设备',
  status: '状态',
  faultTime: '故障时间',
  faultDescription: '故障描述',
  reporterId: '报修人',
  reporterName: '报修人',
  repairerIds: '维修人',
  repairerNames: '维修人',
  acceptorName: '验收人',
  finishTime: '完成时间',
  photos: '故障照片',
  downtime: '停机时段',
  downtimeLinkStart: '停机记录',
  parts: '使用备件',
  cost: { label: '维修费用', unit: '元' },
  remark: '备注',
  notify: '发送故障告警',
});

/** 告警群 (group-chat robots) fields. */
export const WEBHOOK = fieldsOf(CreateWebhookRequest, { name: '群名称', url: '机器人地址', enabled: '启用', remark: '备注' });

export const WEBHOOK_FIELDS: FormField[] = [
  f(WEBHOOK.name, 'text', { required: true, placeholder: '如 设备维修群' }),
  f(WEBHOOK.url, 'text', {
    required: true,
    placeholder: 'https://oapi.dingtalk.com/robot/send?access_token=…',
    pattern: { regex: /^https:\/\/\S+$/, message: '机器人地址须以 https:// 开头' },
  }),
  f(WEBHOOK.enabled, 'switch'),
  f(WEBHOOK.remark, 'textarea'),
];
