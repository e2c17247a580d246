/** ImportDialog: 导入{title} with upload, confirm and the list of failed rows. */
export { ImportDialog, type ImportDialogProps } from './import-dialog';
/** The import state machine and its messages (pure). */
export {
  canConfirm,
  canPick,
  IMPORT_MESSAGES,
  importReducer,
  INITIAL_IMPORT_STATE,
  isTimeoutError,
  submitFailureMessage,
  type ImportEvent,
  type ImportFailure,
  type ImportOutcome,
  type ImportState,
} from './import-state';
