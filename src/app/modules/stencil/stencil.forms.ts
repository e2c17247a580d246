import { STENCIL_PLATE_TYPE, STENCIL_STATUS } from '@core/contracts/stencil';
import { formField as f, type FormField } from '@app/components/form-dialog';
import { STENCIL } from './stencil.fields';

const required = { required: true } as const;
const options = <V extends string | number>(values: readonly { value: V; label: string }[]) => values.map(({ value, label }) => ({ value, label }));

export const STENCIL_FIELDS: FormField[] = [
  f(STENCIL.stencilNo, 'text', { required: true, pattern: { regex: /^[A-Za-z0-9_.-]+$/, message: '只能包含字母、数字、_ . 和 -' } }),
  f(STENCIL.customerName, 'text', required),
  f(STENCIL.productId, 'select', { clearToNull: true }),
  f(STENCIL.color, 'text', { required: true, placeholder: '如 专红、黑色' }),
  f(STENCIL.plateType, 'select', { required: true, options: options(STENCIL_PLATE_TYPE.options) }),
  f(STENCIL.widthMm, 'number', required),
  f(STENCIL.heightMm, 'number', required),
  f(STENCIL.location, 'text', { placeholder: '如 印版架A-01' }),
  f(STENCIL.status, 'select', { required: true, options: options(STENCIL_STATUS.options) }),
  f(STENCIL.usedCount, 'number'),
  f(STENCIL.lifeCount, 'number', required),
  f(STENCIL.remark, 'textarea'),
];
