import { fieldsOf, formField as f, type FormField } from '@app/components/form-dialog';
import { BOARD_ORDER_SOURCE, CreateBoardOrderRequest } from '@core/contracts/paperboard';

/** Every board order field once (labels and limits from the contract's titles). */
export const BOARD_ORDER = fieldsOf(CreateBoardOrderRequest, {
  source: '来源',
  customerName: '客户名称',
  productName: '品名',
  boardCode: '纸板编码',
  flute: '楞型',
  widthMm: '宽（mm）',
  lengthMm: '长（mm）',
  quantity: '数量（张）',
  dueDate: '交期',
  remark: '备注',
});

export const BOARD_ORDER_FIELDS: FormField[] = [
  f(BOARD_ORDER.source, 'select', { required: true, options: BOARD_ORDER_SOURCE.options.filter((option) => option.value !== 1) }),
  f(BOARD_ORDER.customerName, 'text', { required: true }),
  f(BOARD_ORDER.productName, 'text'),
  f(BOARD_ORDER.boardCode, 'text', { required: true }),
  f(BOARD_ORDER.flute, 'text', { required: true }),
  f(BOARD_ORDER.widthMm, 'number', { required: true }),
  f(BOARD_ORDER.lengthMm, 'number', { required: true }),
  f(BOARD_ORDER.quantity, 'number', { required: true }),
  f(BOARD_ORDER.dueDate, 'date', { required: true }),
  f(BOARD_ORDER.remark, 'textarea'),
];
