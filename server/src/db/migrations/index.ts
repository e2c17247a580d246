import type { Migration } from 'kysely/migration';
import { skeleton } from './0001_skeleton';
import { accountFiles } from './0002_account_files';
import { listSortIndexes } from './0003_list_sort_indexes';
import { masterData } from './0004_master_data';
import { shifts } from './0005_shifts';
import { configPaper } from './0006_config_paper';
import { ticketTemplates } from './0007_ticket_templates';
import { productFlows } from './0008_product_flows';
import { uniqueUserMobile } from './0009_unique_user_mobile';
import { stencil } from './0010_stencil';
import { loginThrottle } from './0011_login_throttle';
import { trigramIndexes } from './0012_trigram_indexes';
import { productionOrders } from './0013_production_orders';
import { deviceStatus } from './0014_device_status';
import { deviceRepair } from './0015_device_repair';
import { paperboard } from './0020_paperboard';
import { orderStatusIndexes } from './0021_order_status_indexes';
import { deviceCare } from './0022_device_care';
import { deviceLedger } from './0023_device_ledger';
import { boardOrderFollow } from './0025_board_order_follow';
import { cartonSchedule } from './0027_carton_schedule';
import { orderListFacts } from './0028_order_list_facts';
import { boardRemake } from './0029_board_remake';
import { repairDowntimeLink } from './0030_repair_downtime_link';
import { sessionNotify } from './0031_session_notify';
import { orderListCovering } from './0032_order_list_covering';
import { orderCustomers } from './0033_order_customers';
import { orderCustomerDays } from './0034_order_customer_days';
import { orderListRow } from './0035_order_list_row';

/** Every migration in order; names sort lexically and must never change once shipped. */
export const migrations: Record<string, Migration> = {
  '0001_skeleton': skeleton,
  '0002_account_files': accountFiles,
  '0003_list_sort_indexes': listSortIndexes,
  '0004_master_data': masterData,
  '0005_shifts': shifts,
  '0006_config_paper': configPaper,
  '0007_ticket_templates': ticketTemplates,
  '0008_product_flows': productFlows,
  '0009_unique_user_mobile': uniqueUserMobile,
  '0010_stencil': stencil,
  '0011_login_throttle': loginThrottle,
  '0012_trigram_indexes': trigramIndexes,
  '0013_production_orders': productionOrders,
  '0014_device_status': deviceStatus,
  '0015_device_repair': deviceRepair,
  '0020_paperboard': paperboard,
  '0021_order_status_indexes': orderStatusIndexes,
  '0022_device_care': deviceCare,
  '0023_device_ledger': deviceLedger,
  '0025_board_order_follow': boardOrderFollow,
  '0027_carton_schedule': cartonSchedule,
  '0028_order_list_facts': orderListFacts,
  '0029_board_remake': boardRemake,
  '0030_repair_downtime_link': repairDowntimeLink,
  '0031_session_notify': sessionNotify,
  '0032_order_list_covering': orderListCovering,
  '0033_order_customers': orderCustomers,
  '0034_order_customer_days': orderCustomerDays,
  '0035_order_list_row': orderListRow,
};
