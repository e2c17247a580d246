import { MachineLog, UpdateLedgerRequest } from '@core/contracts/device-ledger';
import { fieldsOf } from '@app/components';

/** 设备台账 fields: the editable ones from the contract, the master-data ones as the list shows them. */
export const LEDGER = fieldsOf(UpdateLedgerRequest, {
  deviceNo: '设备编号',
  deviceName: '设备名称',
  deviceTypeName: '设备类型',
  workshopName: '车间',
  deviceUse: '设备用途',
  status: '设备状态',
  brand: '品牌',
  model: '型号',
  assetNo: '资产编号',
  purchaseDate: '购置日期',
  supplier: '供应商',
  price: { label: '购置价格', unit: '元' },
  warrantyEnd: '保修截止',
  location: '存放位置',
  responsibleUserId: '责任人',
  responsibleName: '责任人',
  documents: '设备文档',
  pictureCount: '图片',
  remark: '备注',
});

export const MACHINE_LOG = fieldsOf(MachineLog, {
  occurredAt: '异常时间',
  machineName: '一体机',
  level: '级别',
  code: '异常代码',
  message: '异常信息',
  deviceNo: '设备编号',
  detail: '详细信息',
});
