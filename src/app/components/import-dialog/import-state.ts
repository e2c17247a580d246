/** A row the server refused, numbered as Excel shows it (the server's ImportRowError). */
export interface ImportFailure {
  row: number;
  message: string;
}

/** What a submit resolves with (the server's ImportResult fits): a message, or the rows that failed (nothing written). */
export interface ImportOutcome {
  message?: string;
  failures?: readonly ImportFailure[];
}

/** Spec §8 messages of the import dialog. */
export const IMPORT_MESSAGES = {
  uploadFailed: '文件上传失败，请联系系统管理员',
  timeout: '网络超时',
  success: '导入成功',
  submitFailed: '导入失败，请重试',
  failedRows: (count: number) => `共 ${count} 行数据有误，本次未导入任何数据，请修改后重新上传`,
} as const;

/** idle → uploading → ready → submitting → done, or failed (bad rows) / back to ready (request failed). */
export type ImportState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string }
  | { status: 'ready'; fileName: string; fileUrl: string }
  | { status: 'submitting'; fileName: string; fileUrl: string }
  | { status: 'done'; message: string }
  | { status: 'failed'; fileName: string; message: string; failures: readonly ImportFailure[] };

export type ImportEvent =
  | { type: 'pick'; fileName: string }
  | { type: 'uploaded'; fileUrl: string }
  | { type: 'uploadFailed' }
  | { type: 'submit' }
  | { type: 'submitted'; outcome: ImportOutcome }
  | { type: 'submitFailed' }
  | { type: 'reset' };

export const INITIAL_IMPORT_STATE: ImportState = { status: 'idle' };

/** The import dialog's state machine; events that do not fit the current state change nothing. */
export function importReducer(state: ImportState, event: ImportEvent): ImportState {
  switch (event.type) {
    case 'reset':
      return INITIAL_IMPORT_STATE;
    case 'pick':
      return state.status === 'uploading' || state.status === 'submitting' ? state : { status: 'uploading', fileName: event.fileName };
    case 'uploaded':
      return state.status === 'uploading' ? { status: 'ready', fileName: state.fileName, fileUrl: event.fileUrl } : state;
    case 'uploadFailed':
      return state.status === 'uploading' ? INITIAL_IMPORT_STATE : state;
    case 'submit':
      return state.status === 'ready' ? { ...state, status: 'submitting' } : state;
    case 'submitFailed':
      return state.status === 'submitting' ? { ...state, status: 'ready' } : state;
    case 'submitted': {
      if (state.status !== 'submitting') return state;
      const failures = event.outcome.failures ?? [];
      if (failures.length > 0) {
        return { status: 'failed', fileName: state.fileName, failures, message: event.outcome.message ?? IMPORT_MESSAGES.failedRows(failures.length) };
      }
      return { status: 'done', message: event.outcome.message || IMPORT_MESSAGES.success };
    }
  }
}

/** 确定 is enabled only with an uploaded file that has not been submitted yet. */
export const canConfirm = (state: ImportState): boolean => state.status === 'ready';

/** The file picker is usable unless something is in flight. */
export const canPick = (state: ImportState): boolean => state.status !== 'uploading' && state.status !== 'submitting';

/** Axios timeouts (ECONNABORTED / ETIMEDOUT) or anything saying it timed out. */
export function isTimeoutError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return true;
  return error instanceof Error && /timeout|timed out/i.test(error.message);
}

/** The message a failed submit shows: 网络超时 for timeouts, else the server's message. */
export function submitFailureMessage(error: unknown): string {
  if (isTimeoutError(error)) return IMPORT_MESSAGES.timeout;
  return error instanceof Error && error.message ? error.message : IMPORT_MESSAGES.submitFailed;
}
