import { fieldsOf } from '@app/components/form-dialog';
import { CreateStencilRequest } from '@core/contracts/stencil';

/** Every 印版 field once (labels and limits from the contract's titles): columns, filters and the form use these. */
export const STENCIL = fieldsOf(CreateStencilRequest, {
  stencilNo: '印版编号',
  customerName: '客户名称',
  productId: '产品',
  productName: '产品',
  color: '颜色',
  plateType: '版材类型',
  widthMm: { label: '宽', unit: 'mm' },
  heightMm: { label: '高', unit: 'mm' },
  location: '库位',
  status: '状态',
  usedCount: '已印次数',
  lifeCount: '寿命次数',
  remark: '备注',
});
