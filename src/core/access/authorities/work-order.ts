import { CRUD_TRANSFER, defineAuthorities, entityActions } from '../module';

/**
 * Authority codes of 生产工单 (/work-order: production orders, reporting and review, recycling bin,
 * progress), the order sync log (/erp-log) and the 流转卡 print page, declared once. The spec's
 * production-order actions (§6) keep their codes: batch delivery date, urgent marking, end
 * production, print. Every code here gates an endpoint (production-order.test.ts checks it). §6's
 * "issue work orders" is not an order-screen action: work orders are issued per operation from the
 * scheduling screens, behind ACTION_SCHEDULE_ISSUE (纸箱排产) and ACTION_PAPERBOARD_ISSUE (纸板排产).
 */
const workOrder = defineAuthorities({
  group: 'MENU_WORK_ORDER',
  productionOrder: 'MENU_WORK_ORDER_PRODUCTION_ORDER',
  issued: 'MENU_WORK_ORDER_ISSUED',
  semiProductionOrder: 'MENU_WORK_ORDER_SEMI_PRODUCTION_ORDER',
  review: 'MENU_WORK_ORDER_REVIEW',
  record: 'MENU_WORK_ORDER_RECORD',
  recyclingBin: 'MENU_WORK_ORDER_RECYCLING_BIN',
  processProgress: 'MENU_WORK_ORDER_PROCESS_PROGRESS',
  erpLog: 'MENU_SYS_ERP_LOG',
  print: 'MENU_PRINT_PRODUCTION_ORDER',

  ...entityActions('order', 'ACTION_PRODUCTION_ORDER', '生产订单', CRUD_TRANSFER),
  orderPrint: { code: 'ACTION_PRODUCTION_ORDER_PRINT', name: '生产订单-打印' },
  orderAudit: { code: 'ACTION_PRODUCTION_ORDER_AUDIT', name: '生产订单-审核' },
  orderBatchDeliveryDate: { code: 'ACTION_PRODUCTION_ORDER_BATCH_DELIVERY_DATE', name: '生产订单-批量修改交期' },
  orderUrgent: { code: 'ACTION_PRODUCTION_ORDER_URGENT', name: '生产订单-加急' },
  orderEndProduction: { code: 'ACTION_PRODUCTION_ORDER_END_PRODUCTION', name: '生产订单-结束生产' },
  orderSuspend: { code: 'ACTION_PRODUCTION_ORDER_SUSPEND', name: '生产订单-暂停/恢复' },
  orderRecycle: { code: 'ACTION_PRODUCTION_ORDER_RECYCLE', name: '生产订单-转回收/恢复生产' },
  orderClose: { code: 'ACTION_PRODUCTION_ORDER_CLOSE', name: '生产订单-核对结案' },
  /** Accept or keep an ERP change warning (also on the scheduling screens). */
  orderChange: { code: 'ACTION_PRODUCTION_ORDER_CHANGE', name: '生产订单-处理变更' },

  binRestore: { code: 'ACTION_ORDER_RECYCLING_BIN_RESTORE', name: '订单回收站-还原' },
  binDelete: { code: 'ACTION_ORDER_RECYCLING_BIN_DELETE', name: '订单回收站-彻底删除' },

  erpRetry: { code: 'ACTION_SYS_ERP_LOG_RETRY', name: '订单同步日志-重试' },
  erpKey: { code: 'ACTION_SYS_ERP_LOG_KEY', name: '订单同步日志-接口密钥' },

  reportPlatform: { code: 'ACTION_WORK_ORDER_RECORD_PLATFORM_REPORT', name: '报工记录-平台报工' },
  reportExport: { code: 'ACTION_WORK_ORDER_RECORD_EXPORT', name: '报工记录-导出' },
  reviewAudit: { code: 'ACTION_WORK_ORDER_REVIEW_AUDIT', name: '报工审核-审核' },
  reviewRollback: { code: 'ACTION_WORK_ORDER_REVIEW_ROLLBACK', name: '报工审核-反审核' },
  reviewCancel: { code: 'ACTION_WORK_ORDER_REVIEW_CANCEL', name: '报工审核-作废' },
  reviewExport: { code: 'ACTION_WORK_ORDER_REVIEW_EXPORT', name: '报工审核-导出' },
});
export const WorkOrderAuthorities = workOrder.codes;
/** The button actions above with their permission-tree names. */
export const WORK_ORDER_ACTIONS = workOrder.actions;
