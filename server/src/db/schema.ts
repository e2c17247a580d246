import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface EnterpriseTable {
  id: number;
  name: string;
  created_at: CreatedAt;
}

/** A factory (second-level org) of an enterprise. */
export interface OrgTable {
  id: number;
  enterprise_id: number;
  name: string;
  created_at: CreatedAt;
}

/** Account status (spec §4): 0 forbidden, 1 normal, 2 locked. */
export type AccountStatus = 0 | 1 | 2;

export interface AppUserTable {
  id: Generated<number>;
  enterprise_id: number;
  username: string;
  nick_name: string;
  mobile: string;
  password_hash: string;
  status: ColumnType<AccountStatus, AccountStatus | undefined, AccountStatus>;
  failed_login_count: Generated<number>;
  failed_login_window_start: NullableTimestamp;
  locked_at: NullableTimestamp;
  expire_time: NullableTimestamp;
  remind_type: Generated<string>;
  created_at: CreatedAt;
}

/** Failed logins of one username string from one client address (issue 9 §5): the login throttle. */
export interface LoginThrottleTable {
  username: string;
  client: string;
  failures: number;
  last_failure_at: Timestamp;
  blocked_until: NullableTimestamp;
}

export interface UserOrgTable {
  enterprise_id: number;
  org_id: number;
  user_id: number;
  is_default: Generated<boolean>;
  /** Department in this factory (migration 0002). */
  department_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RoleTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  name: string;
  remark: Generated<string>;
  created_at: CreatedAt;
}

export type AuthorityKind = 'menu' | 'action';

/** Catalogue of authority codes (global, not tenant-owned). */
export interface AuthorityTable {
  id: Generated<number>;
  code: string;
  name: string;
  kind: AuthorityKind;
}

export interface RoleAuthorityTable {
  enterprise_id: number;
  org_id: number;
  role_id: number;
  authority_id: number;
}

export interface UserRoleTable {
  enterprise_id: number;
  org_id: number;
  user_id: number;
  role_id: number;
}

export type TokenKind = 'access' | 'refresh';

export interface AuthTokenTable {
  id: Generated<number>;
  token_hash: string;
  /** Access and refresh token issued together share one pair id (revoked and switched together). */
  pair_id: string;
  kind: TokenKind;
  user_id: number;
  enterprise_id: number;
  org_id: number;
  expires_at: Timestamp;
  revoked: Generated<boolean>;
  created_at: CreatedAt;
}

export interface UserConfigTable {
  enterprise_id: number;
  org_id: number;
  user_id: number;
  config_key: string;
  config_value: string | null;
  updated_at: CreatedAt;
}

export interface OperationLogTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  user_id: number | null;
  operation_path: string;
  operation_content: string;
  operation_source: number;
  operation_system: number;
  created_at: CreatedAt;
}

/** Clicks reported to /account_center/user_log. */
export interface UserLogTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  user_id: number;
  system_id: string;
  button_id: string;
  created_at: CreatedAt;
}

export interface DepartmentTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  parent_id: number | null;
  name: string;
  sort: Generated<number>;
  created_at: CreatedAt;
}

export type SmsPurpose = 'reset_password' | 'modify_phone';

export interface SmsCodeTable {
  id: Generated<number>;
  enterprise_id: number;
  user_id: number;
  purpose: SmsPurpose;
  mobile: string;
  code_hash: string;
  attempts: Generated<number>;
  used: Generated<boolean>;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** Upload type (spec §3): 0 image, 1 document, 2 video. */
export type FileType = 0 | 1 | 2;

export interface FileObjectTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  user_id: number;
  type: FileType;
  /** Opaque handle given to clients; the only thing download_url accepts. */
  url: string;
  /** Relative path under the files directory: <enterprise>/<yyyy-mm>/<uuid>.<ext>. */
  storage_key: string;
  file_name: string;
  original_name: string;
  mime: string;
  size: number;
  app_id: Generated<string>;
  created_at: CreatedAt;
}

// ---- master data (migration 0004) -----------------------------------------------------------

type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Text = ColumnType<string, string | undefined, string>;
type Int = ColumnType<number, number | undefined, number>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;
/** A count the database keeps by trigger: read only. */
type TriggerCount = ColumnType<number, never, never>;
/** Text written by a trigger only, never by the server. */
type TriggerText = ColumnType<string, never, never>;
/** numeric columns come back as strings from both engines. */
type Numeric = ColumnType<string, number | string | undefined, number | string>;

interface ScopedRow {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface WorkshopTable extends ScopedRow {
  name: string;
  code: Text;
  remark: Text;
  sort: Int;
}

export interface DeviceTypeTable extends ScopedRow {
  parent_id: number | null;
  code: string;
  name: string;
  sort: Int;
}

/** Device status (spec §4): 1 idle, 2 in use, 3 running, 4 standby, 5 fault, 6 not online. */
export interface DeviceTable extends ScopedRow {
  device_no: string;
  name: string;
  device_type_id: number | null;
  workshop_id: number | null;
  /** Spec §3: 1 production, any other value auxiliary. */
  device_use: Int;
  brand: Text;
  model: Text;
  status: Int;
  /** File urls from /file/api/v2/upload. */
  pictures: ColumnType<string[], string[] | undefined, string[]>;
  remark: Text;
}

export interface DeviceSpeedTable {
  id: Generated<number>;
  device_id: number;
  process_id: number;
  speed: Numeric;
  unit: string;
}

export interface DeviceSparePartTable {
  id: Generated<number>;
  device_id: number;
  part_no: Text;
  name: string;
  spec: Text;
  quantity: Int;
  unit: Text;
  remark: Text;
}

export interface ProcessGroupTable extends ScopedRow {
  name: string;
  remark: Text;
  sort: Int;
}

export interface ProcessTable extends ScopedRow {
  code: string;
  name: string;
  process_group_id: number | null;
  prepare_minutes: Int;
  quantity_unit: Text;
  over_report_percent: Numeric;
  report_by_previous: Flag;
  require_first_check: Flag;
  require_bad_reason: Flag;
  allow_multi_operator: Flag;
  sort: Int;
  remark: Text;
  /** Sheets wasted setting up a run (migration 0013). */
  setup_waste_qty: Int;
  /** Running waste in percent of the quantity (migration 0013). */
  running_waste_percent: Numeric;
}

export interface ProcessFlowTable extends ScopedRow {
  code: string;
  name: string;
  is_template: Flag;
  /** The product a 产品专用 flow belongs to (migration 0008); null for templates. */
  product_id: ColumnType<number | null, number | null | undefined, number | null>;
  remark: Text;
}

export interface ProcessFlowStepTable {
  id: Generated<number>;
  flow_id: number;
  seq: number;
  process_id: number;
  default_device_id: number | null;
  remark: Text;
}

export interface ProductClassifyTable extends ScopedRow {
  parent_id: number | null;
  name: string;
  sort: Int;
}

export interface ProductTable extends ScopedRow {
  product_no: string;
  name: string;
  customer_name: Text;
  classify_id: number | null;
  box_style: Text;
  length_mm: Int;
  width_mm: Int;
  height_mm: Int;
  board_code: Text;
  flute: Text;
  colors: Int;
  process_flow_id: number | null;
  remark: Text;
  /** Own score allowance for the sheet size, mm; null: the flute's (migration 0013). */
  score_allowance_mm: ColumnType<number | null, number | null | undefined, number | null>;
}

// ---- shifts and calendars (migration 0005) ------------------------------------------------------

/** Date columns are read as 'YYYY-MM-DD' text (to_char) and written as that text. */
type DateText = ColumnType<string, string, string>;

export interface ShiftBreak {
  start: string;
  end: string;
}

export interface ClassTimeTable extends ScopedRow {
  name: string;
  code: Text;
  start_time: string;
  end_time: string;
  breaks: ColumnType<ShiftBreak[], string | undefined, string>;
  is_default: Flag;
  sort: Int;
  remark: Text;
}

export interface EmployeePositionTable extends ScopedRow {
  name: string;
  remark: Text;
  sort: Int;
}

export interface ClassTeamTable extends ScopedRow {
  name: string;
  workshop_id: ColumnType<number | null, number | null | undefined, number | null>;
  leader_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  remark: Text;
  sort: Int;
}

export interface ClassTeamMemberTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  position_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ClassUserTable extends ScopedRow {
  user_id: number;
  class_time_id: number;
  team_id: ColumnType<number | null, number | null | undefined, number | null>;
  remark: Text;
}

export interface ShiftExchangeTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  exchange_date: DateText;
  user_id: number;
  class_time_id: number;
  target_user_id: number;
  target_class_time_id: number;
  reason: Text;
  created_by: number | null;
  created_at: CreatedAt;
}

/** Holiday type: 1 法定节假日, 2 调休上班, 3 公司休息日. */
export interface HolidayTable extends ScopedRow {
  holiday_date: DateText;
  type: number;
  name: Text;
}

export interface MonthEffectTable extends ScopedRow {
  device_id: number;
  month: string;
  class_time_ids: ColumnType<number[], number[] | undefined, number[]>;
}

/** Device day override: 1 down (maintenance), 2 extra shift. */
export interface DeviceCalendarTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  device_id: number;
  calendar_date: DateText;
  type: number;
  class_time_id: number | null;
  remark: Text;
  created_at: CreatedAt;
}

// ---- configuration, paper data and shop floor (migration 0006) ---------------------------------

interface Stamped {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One row per factory; `config` holds the typed sections of the contract (jsonb). */
export interface ConfigRowTable {
  enterprise_id: number;
  org_id: number;
  config: ColumnType<unknown, string, string>;
  updated_at: UpdatedAt;
}

export interface DictTypeTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  dict_type: string;
  dict_name: string;
  updated_at: UpdatedAt;
}

export interface DictItemTable {
  id: Generated<number>;
  dict_type_id: number;
  item_code: string;
  item_label: string;
  sort: Int;
  enabled: Flag;
}

export interface UserPageConfigTable {
  enterprise_id: number;
  org_id: number;
  user_id: number;
  page_key: string;
  config: string;
  updated_at: UpdatedAt;
}

export interface PaperGradeTable extends Stamped {
  paper_code: string;
  paper_name: string;
  grammage: number;
  paper_type: 'liner' | 'medium';
  ring_crush: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  remark: Text;
}

export interface FluteTable extends Stamped {
  flute_code: string;
  flute_name: string;
  components: ColumnType<string[], string[] | undefined, string[]>;
  height_mm: Numeric;
  take_up_factor: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  remark: Text;
}

export interface BoardCodeTable extends Stamped {
  board_code: string;
  flute_id: number;
  grade: Text;
  min_burst_kpa: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  min_ect_kn_m: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  remark: Text;
}

export interface BoardCodeLayerTable {
  id: Generated<number>;
  board_code_id: number;
  seq: number;
  paper_grade_id: number;
}

export interface DeckleWidthTable extends Stamped {
  width_mm: number;
  min_trim_mm: Int;
  enabled: Flag;
  remark: Text;
}

export interface IcCardTable extends Stamped {
  card_no: string;
  user_id: number | null;
  bound_at: NullableTimestamp;
  remark: Text;
}

export interface WorkMachineTable extends Stamped {
  machine_code: string;
  machine_name: string;
  ip: Text;
  remark: Text;
}

export interface WorkMachineDeviceTable {
  work_machine_id: number;
  device_id: number;
  seq: Int;
}

export interface BadPhenomenonTable extends Stamped {
  reason_code: string;
  reason_name: string;
  process_id: number;
  sort: Int;
  enabled: Flag;
  remark: Text;
}

// ---- live device status (migration 0014) ----------------------------------------------------------

/** A per-machine key of a 一体机 or gateway: only its SHA-256 is stored. */
export interface MachineKeyTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  work_machine_id: number;
  key_hash: string;
  key_hint: string;
  created_by: number | null;
  created_at: CreatedAt;
  revoked_at: NullableTimestamp;
}

/** A status event as it arrived; `at` in epoch milliseconds. */
export interface DeviceStatusEventTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  device_id: number;
  at: number;
  status: number;
  reason: string | null;
  counter: number | null;
  event_id: string | null;
  event_key: string;
  work_machine_id: number | null;
  received_at: CreatedAt;
}

/** A piece of a device's status timeline, [start_at, end_at) in epoch milliseconds (end null: open). */
export interface DeviceStatusSegmentTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  device_id: number;
  start_at: number;
  end_at: number | null;
  status: number;
  reason: string | null;
}

/** A person's word on downtime at an instant: the reason of the piece starting there, or a split. */
export interface DeviceDowntimeNoteTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  device_id: number;
  start_at: number;
  split: Generated<boolean>;
  reason: string | null;
  updated_by: number | null;
  updated_at: UpdatedAt;
}

export interface Database {
  enterprise: EnterpriseTable;
  org: OrgTable;
  app_user: AppUserTable;
  login_throttle: LoginThrottleTable;
  user_org: UserOrgTable;
  role: RoleTable;
  authority: AuthorityTable;
  role_authority: RoleAuthorityTable;
  user_role: UserRoleTable;
  auth_token: AuthTokenTable;
  user_config: UserConfigTable;
  operation_log: OperationLogTable;
  user_log: UserLogTable;
  department: DepartmentTable;
  sms_code: SmsCodeTable;
  file_object: FileObjectTable;
  workshop: WorkshopTable;
  device_type: DeviceTypeTable;
  device: DeviceTable;
  device_speed: DeviceSpeedTable;
  device_spare_part: DeviceSparePartTable;
  process_group: ProcessGroupTable;
  process: ProcessTable;
  process_flow: ProcessFlowTable;
  process_flow_step: ProcessFlowStepTable;
  product_classify: ProductClassifyTable;
  product: ProductTable;
  enterprise_config: ConfigRowTable;
  schedule_config: ConfigRowTable;
  dict_type: DictTypeTable;
  dict_item: DictItemTable;
  user_page_config: UserPageConfigTable;
  paper_grade: PaperGradeTable;
  flute: FluteTable;
  board_code: BoardCodeTable;
  board_code_layer: BoardCodeLayerTable;
  deckle_width: DeckleWidthTable;
  ic_card: IcCardTable;
  work_machine: WorkMachineTable;
  work_machine_device: WorkMachineDeviceTable;
  bad_phenomenon: BadPhenomenonTable;
  class_time: ClassTimeTable;
  employee_position: EmployeePositionTable;
  class_team: ClassTeamTable;
  class_team_member: ClassTeamMemberTable;
  class_user: ClassUserTable;
  shift_exchange: ShiftExchangeTable;
  holiday: HolidayTable;
  month_effect: MonthEffectTable;
  device_calendar: DeviceCalendarTable;
  ticket_template: TicketTemplateTable;
  stencil: StencilTable;
  production_order: ProductionOrderTable;
  production_order_operation: ProductionOrderOperationTable;
  production_order_history: ProductionOrderHistoryTable;
  production_order_customer: ProductionOrderCustomerTable;
  order_change_warning: OrderChangeWarningTable;
  erp_integration_key: ErpIntegrationKeyTable;
  erp_sync_log: ErpSyncLogTable;
  work_report: WorkReportTable;
  work_report_defect: WorkReportDefectTable;
  work_report_history: WorkReportHistoryTable;
  repair_order: RepairOrderTable;
  repair_part: RepairPartTable;
  repair_log: RepairLogTable;
  repair_webhook: RepairWebhookTable;
  board_schedule: BoardScheduleTable;
  board_order: BoardOrderTable;
  board_run: BoardRunTable;
  board_run_lane: BoardRunLaneTable;
  board_line_config: ConfigRowTable;
  board_schedule_log: BoardScheduleLogTable;
  machine_key: MachineKeyTable;
  device_status_event: DeviceStatusEventTable;
  device_status_segment: DeviceStatusSegmentTable;
  device_downtime_note: DeviceDowntimeNoteTable;
}

export type AppUser = Selectable<AppUserTable>;
export type NewOperationLog = Insertable<OperationLogTable>;

// ---- work-order ticket templates (migration 0007) ----------------------------------------------

/** A 流转卡 print template; `fields` holds the contract's TicketField list (jsonb). */
export interface TicketTemplateTable extends Stamped {
  template_name: string;
  print_type: number;
  paper_size: string;
  orientation: string;
  title: Text;
  fields: ColumnType<unknown, string, string>;
  show_qr_code: Flag;
  qr_position: Text;
  show_process_table: Flag;
  is_default: Flag;
  remark: Text;
}

// ---- printing plates (migration 0010) -------------------------------------------------------------

/** A printing plate (印版); status 1 在库, 2 领用, 3 报废. */
export interface StencilTable extends ScopedRow {
  code: string;
  customer_name: string;
  product_id: number | null;
  color: string;
  plate_type: string;
  width_mm: number;
  height_mm: number;
  location: Text;
  status: Int;
  used_count: Int;
  life_count: number;
  remark: Text;
}

// ---- production orders, ERP intake, work reports (migration 0013) --------------------------------

type NullableId = ColumnType<number | null, number | null | undefined, number | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** One change of a field: what the history and ERP change warnings store. */
export interface FieldChange {
  field: string;
  label: string;
  from: unknown;
  to: unknown;
}

/** A production order; statuses per spec §4 (order, schedule, issue, production state). */
export interface ProductionOrderTable extends ScopedRow {
  order_no: string;
  erp_order_no: Text;
  erp_line: Text;
  erp_version: Int;
  /** 1 manual, 2 ERP, 3 import. */
  source: Int;
  customer_name: string;
  customer_po: Text;
  product_id: NullableId;
  product_no: Text;
  product_name: string;
  box_style: Text;
  length_mm: Int;
  width_mm: Int;
  height_mm: Int;
  board_code: Text;
  flute: Text;
  sheet_width_mm: Int;
  sheet_length_mm: Int;
  print_colors: Int;
  die_no: Text;
  plate_no: Text;
  quantity: number;
  unit: Text;
  over_percent: Numeric;
  under_percent: Numeric;
  /** yyyy-mm-dd. */
  delivery_date: DateText;
  urgency: Int;
  priority: Int;
  importance: Int;
  flow_id: NullableId;
  flow_name: Text;
  remark: Text;
  /** File urls (from /file/api/v2/upload). */
  attachments: Json<Array<{ url: string; name: string }>>;
  status: Int;
  suspended_from: NullableId;
  schedule_state: Int;
  issue_state: Int;
  production_state: Int;
  revoked: Flag;
  revoked_at: NullableTimestamp;
  /** Audited good quantity of the last operation. */
  good_qty: Int;
  completed_at: NullableTimestamp;
  created_by: NullableId;
  /** Kept by triggers (migration 0028), never written by the server: pending change warnings, reports not cancelled, issued operations. */
  warning_count: TriggerCount;
  report_count: TriggerCount;
  issued_count: TriggerCount;
  /** Its row of the order lists as JSON text, up to the createTime value (trigger, migration 0035). */
  list_row: TriggerText;
}

/** One step of an order's own flow; status per spec §4 operation status (0,1,2,3,6,7). */
export interface ProductionOrderOperationTable extends ScopedRow {
  order_id: number;
  seq: number;
  process_id: NullableId;
  process_name: string;
  /** Ordered + waste. */
  planned_qty: number;
  waste_qty: Int;
  status: Int;
  device_id: NullableId;
  issued: Flag;
  planned_start: NullableTimestamp;
  planned_end: NullableTimestamp;
  anew_time_flag: Flag;
  /** Sums of audited reports. */
  good_qty: Int;
  defect_qty: Int;
}

/** Every customer name a factory's orders have had (kept by triggers, migration 0033; never written by the server). */
export interface ProductionOrderCustomerTable {
  enterprise_id: number;
  org_id: number;
  customer_name: string;
}

export interface ProductionOrderHistoryTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  order_id: number;
  user_id: NullableId;
  user_name: Text;
  action: string;
  content: string;
  changes: Json<FieldChange[]>;
  created_at: CreatedAt;
}

/** An ERP change to an order already scheduled or issued; state 0 pending, 1 accepted, 2 kept. */
export interface OrderChangeWarningTable extends ScopedRow {
  order_id: number;
  erp_version: number;
  changes: Json<FieldChange[]>;
  state: Int;
  handled_by: NullableId;
  handled_at: NullableTimestamp;
}

export interface ErpIntegrationKeyTable extends ScopedRow {
  key_hash: string;
  key_prefix: string;
  name: string;
  revoked: Flag;
  last_used_at: NullableTimestamp;
  created_by: NullableId;
}

/** One ERP message; status per spec ERP sync (1 to sync, 5 syncing, 2 success, 3 failed, 4 abnormal). */
export interface ErpSyncLogTable extends ScopedRow {
  message_type: string;
  erp_order_no: string;
  erp_line: Text;
  erp_version: Int;
  payload: Json<unknown>;
  status: number;
  result: Text;
  error: Text;
  order_id: NullableId;
  attempts: Int;
}

/** A work report (报工); audit_state per spec work-order audit (1 pending, 2 audited, 3 canceled). */
export interface WorkReportTable extends ScopedRow {
  report_no: string;
  order_id: number;
  operation_id: number;
  process_id: NullableId;
  process_name: string;
  device_id: NullableId;
  device_name: Text;
  good_qty: number;
  defect_qty: Int;
  inspect_qty: Int;
  start_at: Timestamp;
  end_at: Timestamp;
  /** '' all day, 'A' day, 'B' night (SHIFT in @core/enums). */
  shift: Text;
  team_id: NullableId;
  team_name: Text;
  operator_ids: Json<number[]>;
  operator_names: Text;
  /** 1 platform, 2 all-in-one machine, 3 mobile. */
  source: number;
  over_report: Flag;
  audit_state: Int;
  audited_by: NullableId;
  audited_at: NullableTimestamp;
  reported_by: NullableId;
  remark: Text;
}

export interface WorkReportDefectTable {
  id: Generated<number>;
  report_id: number;
  bad_phenomenon_id: NullableId;
  reason_name: string;
  qty: number;
}

export interface WorkReportHistoryTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  report_id: number;
  user_id: NullableId;
  user_name: Text;
  action: string;
  content: string;
  changes: Json<FieldChange[]>;
  created_at: CreatedAt;
}
// ---- device repair (migration 0015) ---------------------------------------------------------------

/** A repair order (维修单); status 1 待处理, 2 处理中, 4 待验收, 3 已完成 (spec §4). */
export interface RepairOrderTable extends ScopedRow {
  repair_no: string;
  device_id: number | null;
  device_no: string;
  device_name: string;
  /** Generated: device_name and device_no, searched by the 设备 filter. */
  device_search: ColumnType<string, never, never>;
  status: Int;
  fault_time: Timestamp;
  fault_description: string;
  reporter_id: number | null;
  reporter_name: string;
  /** User ids (jsonb array). */
  repairer_ids: ColumnType<number[], string | undefined, string>;
  repairer_names: Text;
  acceptor_id: ColumnType<number | null, number | null | undefined, number | null>;
  acceptor_name: Text;
  finish_time: NullableTimestamp;
  photos: ColumnType<string[], string[] | undefined, string[]>;
  downtime_start: NullableTimestamp;
  downtime_end: NullableTimestamp;
  /** Start (epoch ms) of the linked downtime record of this device (migration 0030); null: typed by hand. */
  downtime_link_start: number | null;
  cost: Numeric;
  remark: Text;
}

/** A spare part used by a repair order, as written when taken from stock. */
export interface RepairPartTable {
  id: Generated<number>;
  repair_id: number;
  spare_part_id: number | null;
  part_no: Text;
  part_name: string;
  spec: Text;
  unit: Text;
  quantity: number;
}

/** One state change of a repair order. */
export interface RepairLogTable {
  id: Generated<number>;
  repair_id: number;
  action: string;
  from_status: number | null;
  to_status: number;
  operator_id: number | null;
  operator_name: string;
  remark: Text;
  created_at: CreatedAt;
}

/** A group-chat robot of a factory that fault alerts may go to. */
export interface RepairWebhookTable extends ScopedRow {
  name: string;
  url: string;
  enabled: Flag;
  remark: Text;
}

/** 纸板排产 (migration 0020): a corrugator schedule (1 草稿 2 已下发 3 生产中 4 已完成 5 已取消). */
export interface BoardScheduleTable extends ScopedRow {
  schedule_no: string;
  board_code: string;
  flute: string;
  state: Int;
  lower_bound_m2: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  speed_mpm: number;
  run_count: Int;
  order_count: Int;
  metres: Numeric;
  paper_area_m2: Numeric;
  trim_area_m2: Numeric;
  created_by: NullableId;
  created_by_name: Text;
  issued_at: NullableTimestamp;
  remark: Text;
}

/** A board order (1 待排 2 已排 3 生产中 4 完工; source 1 生产订单 2 纸板直销 3 补单). */
export interface BoardOrderTable extends ScopedRow {
  order_no: string;
  production_order_id: NullableId;
  source: number;
  customer_name: string;
  product_name: Text;
  board_code: string;
  flute: string;
  width_mm: number;
  length_mm: number;
  quantity: number;
  due_date: DateText;
  state: Int;
  schedule_id: NullableId;
  remark: Text;
  /** The production order was revoked or no longer makes board (migration 0025). */
  revoked: Flag;
  /** A production-order change not applied because the order is on the line; '' when none. */
  change_note: Text;
  changed_at: NullableTimestamp;
  /** The audited work report whose defects this re-make (补单) replaces (migration 0029). */
  source_report_id: NullableId;
}

export interface BoardRunTable {
  id: Generated<number>;
  schedule_id: number;
  seq: number;
  roll_width_mm: number;
}

export interface BoardRunLaneTable {
  id: Generated<number>;
  run_id: number;
  lane_no: number;
  board_order_id: NullableId;
  order_no: string;
  customer_name: Text;
  width_mm: number;
  length_mm: number;
  outs: number;
  cuts: number;
}

export interface BoardScheduleLogTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  schedule_id: NullableId;
  schedule_no: Text;
  action: string;
  user_id: NullableId;
  user_name: Text;
  content: string;
  before: Text;
  after: Text;
  created_at: CreatedAt;
}

// ---- 设备点检 / 设备保养 (migration 0022, module device-care) ----------------------------------------

type CareKindColumn = 'check' | 'maintenance';
type NullableNumeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;

/** The columns an item of a scheme and its copy on a work order share. */
interface CareItemColumns {
  id: Generated<number>;
  seq: number;
  name: string;
  method: Text;
  standard: Text;
  value_kind: string;
  min_value: NullableNumeric;
  max_value: NullableNumeric;
  unit: Text;
  normal_yes: Flag;
  photo_required: Flag;
}

/** A 点检/保养 scheme: what to check, item by item. */
export interface CareSchemeTable extends ScopedRow {
  kind: CareKindColumn;
  name: string;
  remark: Text;
}

export interface CareSchemeItemTable extends CareItemColumns {
  scheme_id: number;
}

/** A plan: a scheme on devices with a cycle (shift, daily, weekly, monthly, runHours) and an assignee. */
export interface CarePlanTable extends ScopedRow {
  kind: CareKindColumn;
  name: string;
  scheme_id: number;
  cycle: string;
  run_hours: NullableNumeric;
  /** Shift ids (jsonb array); empty: every shift. */
  shift_ids: ColumnType<number[], string | undefined, string>;
  assignee_id: NullableId;
  assignee_name: Text;
  active: Flag;
  start_date: DateText;
  remark: Text;
}

export interface CarePlanDeviceTable {
  plan_id: number;
  device_id: number;
}

/** A generated work order (state 1 待执行, 2 执行中, 3 已完成; overdue is derived from due_time). */
export interface CareOrderTable extends ScopedRow {
  kind: CareKindColumn;
  order_no: string;
  plan_id: NullableId;
  plan_name: string;
  scheme_name: string;
  cycle: string;
  device_id: NullableId;
  device_no: string;
  device_name: string;
  device_search: ColumnType<string, never, never>;
  period_key: string;
  period_start: Timestamp;
  due_time: Timestamp;
  assignee_id: NullableId;
  assignee_name: Text;
  state: Int;
  executor_id: NullableId;
  executor_name: Text;
  finish_time: NullableTimestamp;
  remark: Text;
}

export interface CareOrderItemTable extends CareItemColumns {
  order_id: number;
  value: NullableNumeric;
  yes: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  normal: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  photos: ColumnType<string[], string[] | undefined, string[]>;
  remark: Text;
  repair_id: NullableId;
}

export interface Database {
  care_scheme: CareSchemeTable;
  care_scheme_item: CareSchemeItemTable;
  care_plan: CarePlanTable;
  care_plan_device: CarePlanDeviceTable;
  care_order: CareOrderTable;
  care_order_item: CareOrderItemTable;
}

// ---- 设备台账 (migration 0023) -------------------------------------------------------------------

/** The ledger's asset fields of one device (at most one row per device; removed with it). */
export interface DeviceAssetTable extends ScopedRow {
  device_id: number;
  asset_no: Text;
  purchase_date: ColumnType<string | null, string | null | undefined, string | null>;
  supplier: Text;
  price: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  warranty_end: ColumnType<string | null, string | null | undefined, string | null>;
  location: Text;
  responsible_user_id: NullableId;
  /** [{ url, name }] of stored files. */
  documents: Json<Array<{ url: string; name: string }>>;
  remark: Text;
}

/** A phone-upload link of one device: `uu_id` names it, the token (only its SHA-256 kept) opens it until `expires_at`. */
export interface DeviceUploadTicketTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  device_id: number;
  uu_id: string;
  token_hash: string;
  created_by: number;
  app_id: Text;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/** A picture of a device (1 电脑上传, 2 手机扫码). */
export interface DevicePictureTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  device_id: number;
  url: string;
  original_name: Text;
  source: number;
  ticket_id: NullableId;
  uploaded_by: NullableId;
  uploader_name: Text;
  created_at: CreatedAt;
}

/** 知识库: a fault symptom with its cause and remedy, for a device type or any. */
export interface DeviceKnowledgeTable extends ScopedRow {
  fault_symptom: string;
  cause: string;
  remedy: string;
  device_type_id: NullableId;
  keywords: Text;
  files: Json<Array<{ url: string; name: string }>>;
  created_by_name: Text;
  search_text: ColumnType<string, never, never>;
}

/** An exception an 一体机 reported with its machine key. */
export interface MachineExceptionLogTable {
  id: Generated<number>;
  enterprise_id: number;
  org_id: number;
  work_machine_id: number;
  level: number;
  code: Text;
  message: string;
  detail: Text;
  device_no: Text;
  event_id: string | null;
  occurred_at: Timestamp;
  created_at: CreatedAt;
}

export interface Database {
  device_asset: DeviceAssetTable;
  device_upload_ticket: DeviceUploadTicketTable;
  device_picture: DevicePictureTable;
  device_knowledge: DeviceKnowledgeTable;
  machine_exception_log: MachineExceptionLogTable;
}

// ---- carton scheduling (migration 0027) ---------------------------------------------------------

/** What scheduling adds to an operation (merged into the table of 0013). */
export interface ProductionOrderOperationTable {
  /** Spec §4 task type: 1 预排单, 2 已排产, 3 不明确, 4 生产中; null while 待排. */
  task_type: ColumnType<number | null, number | null | undefined, number | null>;
  /** Place in its machine's queue, from 1; null in no queue. */
  queue_pos: ColumnType<number | null, number | null | undefined, number | null>;
  setup_minutes: Int;
  run_minutes: Int;
  anew_time_reason: Text;
  unscheduled_reason: Text;
}

/** A background schedule calculation (计算排程时间 / 自动排产) of one factory. */
export interface ScheduleCalcJobTable extends ScopedRow {
  kind: string;
  /** 1 running, 2 done, 3 aborted, 4 failed. */
  state: Int;
  progress: Int;
  phase: Text;
  task_ids: Json<number[]>;
  budget_seconds: Int;
  task_count: Int;
  scheduled_count: Int;
  unscheduled_count: Int;
  late_orders: Int;
  setup_minutes: Int;
  makespan: NullableTimestamp;
  message: Text;
  started_by: NullableId;
  started_by_name: Text;
  ended_at: NullableTimestamp;
}

/** The revision of a factory's machine queues (bumped by every schedule write). */
export interface ScheduleRevisionTable {
  enterprise_id: number;
  org_id: number;
  rev: ColumnType<string | number, number | undefined, number | string>;
}

export interface Database {
  schedule_calc_job: ScheduleCalcJobTable;
  schedule_revision: ScheduleRevisionTable;
}
