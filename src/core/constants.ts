/** Business constants and limits of spec §9. */

export const SYSTEM_ID = 12;
export const DEFAULT_ENTERPRISE_ID = 8888;
export const APPLICATION_ID = 'mes-pc';
export const REQUEST_SOURCE = 'PC';
export const ACCOUNT_MODEL = 2;

export const REQUEST_TIMEOUT_MS = 15_000;
export const EXPORT_TIMEOUT_MS = 300_000;
export const SCHEME_IMPORT_TIMEOUT_MS = 60_000;
export const PRODUCT_IMPORT_TIMEOUT_MS = 600_000;
export const UPLOAD_TIMEOUT_MS = 15_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const PAGE_SIZE_OPTIONS = [20, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const ALTERNATE_PAGE_SIZE_OPTIONS = [100, 200, 500, 1000] as const;
/** Chart roles and quality-inspection lists load everything at once. */
export const LARGE_PAGE_SIZE = 500;
/** Every page size a list accepts: the default and both option sets (spec §9), ascending. */
export const PAGE_SIZES: readonly number[] = [
  ...new Set([DEFAULT_PAGE_SIZE, ...PAGE_SIZE_OPTIONS, ...ALTERNATE_PAGE_SIZE_OPTIONS, LARGE_PAGE_SIZE]),
].sort((a, b) => a - b);

export const TAG_SEARCH_LIMIT = 50;
export const FILE_NAME_MAX_LENGTH = 200;
export const DOCUMENT_MAX_SIZE_MB = 6;
export const DOCUMENT_MAX_COUNT = 1;
export const IMAGE_SINGLE_MAX_SIZE_MB = 10;
export const IMAGE_MULTIPLE_MAX_SIZE_MB = 6;
export const IMAGE_MULTIPLE_MAX_COUNT = 4;
export const IMAGE_PIXEL_LIMIT = 5000;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const IMPORT_EXTENSIONS = ['xlsx', 'xls'] as const;

export const PHONE_SCAN_POLL_MS = 2_000;
export const FILTER_DEBOUNCE_MS = 400;
export const INPUT_DEBOUNCE_MS = 500;
export const RESIZE_DEBOUNCE_MS = 600;
export const DOCUMENT_LIST_CLEAR_MS = 3_000;

export const VERSION_CHECK_INTERVAL_MS = 60_000;
export const EXPIRY_COUNTDOWN_SECONDS = 5;
export const EXPIRY_POLL_MS = 10_000;
export const DIALOG_WIDTH = '610px';
export const RESEND_COUNTDOWN_SECONDS = 60;

/** Storage keys (sessionStorage unless noted). Every key of ours starts with 'mes_'. */
export const STORAGE_KEYS = {
  token: 'mes_token',
  nextRemindTime: 'mes_next_remind_time',
  unauthorizedTip: 'mes_unauthorized_tip',
  /** localStorage; survives logout. */
  sidebarCollapsed: 'mes_sidebar_collapsed',
} as const;
export const STORAGE_PREFIX = 'mes_';
