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
}

export interface ProcessFlowTable extends ScopedRow {
  code: string;
  name: string;
  is_template: Flag;
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
}

export interface Database {
  enterprise: EnterpriseTable;
  org: OrgTable;
  app_user: AppUserTable;
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
}

export type AppUser = Selectable<AppUserTable>;
export type NewOperationLog = Insertable<OperationLogTable>;
