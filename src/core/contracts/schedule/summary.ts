import { Type, type Static } from '@sinclair/typebox';
import { Id, MultiFilter, PageFields, TextFilter, titled } from '../common';
import { ScheduleTask } from './task';

/** An order as the scheduling screens list it (待排订单, 交期计划, the by-order view): its operations in figures. */
export const ScheduleOrder = Type.Object({
  id: Type.Integer({ title: '订单ID' }),
  orderNo: Type.String({ title: '订单号' }),
  erpOrderNo: Type.String({ title: 'ERP单号' }),
  customerName: Type.String({ title: '客户名称' }),
  productName: Type.String({ title: '产品名称' }),
  boxStyle: Type.String({ title: '箱型' }),
  quantity: Type.Integer({ title: '订单数量' }),
  unit: Type.String({ title: '单位' }),
  deliveryDate: Type.String({ title: '交货日期' }),
  urgency: Type.Integer({ title: '紧急程度' }),
  /** Spec §4 order status. */
  status: Type.Integer({ title: '订单状态' }),
  /** Spec §4 schedule state 0,1,2,3,9. */
  scheduleState: Type.Integer({ title: '排产状态' }),
  issueState: Type.Integer({ title: '下发状态' }),
  productionState: Type.Integer({ title: '生产状态' }),
  operationCount: Type.Integer({ title: '工序数' }),
  /** In a machine queue (task type 2 or issued). */
  scheduledCount: Type.Integer({ title: '已排工序' }),
  preCount: Type.Integer({ title: '预排工序' }),
  issuedCount: Type.Integer({ title: '已下发工序' }),
  endedCount: Type.Integer({ title: '已完成工序' }),
  plannedStart: Type.Union([Type.String(), Type.Null()], { title: '计划开始' }),
  plannedEnd: Type.Union([Type.String(), Type.Null()], { title: '计划完工' }),
  /** Planned to finish after the end of the delivery date. */
  late: Type.Boolean({ title: '延期' }),
  changeWarnings: Type.Integer({ title: '变更提醒' }),
  anewTimeTasks: Type.Integer({ title: '时间待重算工序' }),
  processNames: Type.String({ title: '工艺路线' }),
});
export type ScheduleOrder = Static<typeof ScheduleOrder>;

/**
 * summary/schedule_list: orders of the statuses the factory schedules (排产配置), by default those
 * not fully scheduled (schedule state 0, 1); `scheduleState` picks others (3 暂不排产, 2 已排产…).
 */
export const ScheduleOrderListQuery = Type.Object({
  ...PageFields,
  orderNo: TextFilter('订单号'),
  customerName: TextFilter('客户名称'),
  productName: TextFilter('产品名称'),
  scheduleState: MultiFilter('排产状态'),
  urgency: MultiFilter('紧急程度'),
  deliveryDateStart: TextFilter('交货日期开始'),
  deliveryDateEnd: TextFilter('交货日期结束'),
  late: Type.Optional(Type.Boolean({ title: '仅延期' })),
});
export type ScheduleOrderListQuery = Static<typeof ScheduleOrderListQuery>;

/** summary/find_production_detail?id=: one order with every operation as a task. */
export const ProductionDetailQuery = Type.Object({ id: titled(Id, '订单') });
export type ProductionDetailQuery = Static<typeof ProductionDetailQuery>;

export const ProductionDetail = Type.Object({
  order: ScheduleOrder,
  tasks: Type.Array(ScheduleTask),
});
export type ProductionDetail = Static<typeof ProductionDetail>;
