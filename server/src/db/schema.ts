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
}

export type AppUser = Selectable<AppUserTable>;
export type NewOperationLog = Insertable<OperationLogTable>;
