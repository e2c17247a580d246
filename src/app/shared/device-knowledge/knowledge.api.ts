import { DeviceLedgerPaths as P, CreateKnowledgeRequest, type Knowledge, type LedgerOptions, type UpdateKnowledgeRequest } from '@core/contracts/device-ledger';
import { http } from '@core/http';
import { fieldsOf } from '@app/components';
import { crudApi, entityPaths } from '../api';

/** The knowledge base's calls: open under 设备台账, 点检 or 保养 (the server takes any of their codes). */
export const knowledgeApi = {
  ...crudApi<Knowledge, CreateKnowledgeRequest, UpdateKnowledgeRequest>(entityPaths(P, 'knowledge')),
  deviceTypes: () => http.get<LedgerOptions['deviceTypes']>(P.knowledgeDeviceTypes),
};

export const KNOWLEDGE = fieldsOf(CreateKnowledgeRequest, {
  faultSymptom: '故障现象',
  cause: '故障原因',
  remedy: '处理方法',
  deviceTypeId: '设备类型',
  deviceTypeName: '设备类型',
  keywords: '关键词',
  files: '附件',
  createdByName: '录入人',
  updateTime: '更新时间',
});
