import { Tag } from 'antd';
import { STENCIL_PLATE_TYPE, STENCIL_STATUS, stencilWear, type CreateStencilRequest, type Stencil } from '@core/contracts/stencil';
import { StencilAuthorities as A } from '@core/access/authorities/stencil';
import { columnOf, editorActions, type ListSpec } from '@app/components';
import { allProducts, productOptions } from '@app/shared';
import { stencilsApi } from './stencil.api';
import { STENCIL } from './stencil.fields';
import { STENCIL_FIELDS } from './stencil.forms';

const STATUS_COLORS: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'default' };
const STATUS_OPTIONS = STENCIL_STATUS.options.map((option) => ({ ...option, color: STATUS_COLORS[option.value] }));
const NEW_STENCIL: Partial<CreateStencilRequest> = { plateType: 'RESIN', status: 1, usedCount: 0 };

/** 已印次数 / 寿命次数; a plate near or past its life is flagged. */
function Wear({ row }: { row: Stencil }) {
  const wear = stencilWear(row.usedCount, row.lifeCount);
  return (
    <span className="mes-stencil-wear" data-wear={wear}>
      {row.usedCount.toLocaleString('zh-CN')} / {row.lifeCount.toLocaleString('zh-CN')}
      {wear === 'near' && <Tag color="orange">临近寿命</Tag>}
      {wear === 'over' && <Tag color="red">已到寿命</Tag>}
    </span>
  );
}

/** 印版列表: plates with customer, product, colour, material, size, location, status and wear. */
export const stencilList: ListSpec<Stencil> = {
  rowKey: 'id',
  columns: [
    { ...columnOf(STENCIL.stencilNo), filter: { type: 'tagInput' }, sortable: true, width: 140 },
    { ...columnOf(STENCIL.customerName), filter: { type: 'input' }, sortable: true, width: 130 },
    { ...columnOf(STENCIL.productName), filter: { type: 'input' }, width: 150 },
    { ...columnOf(STENCIL.color), filter: { type: 'input' }, width: 60 },
    { ...columnOf(STENCIL.plateType), type: 'enum', options: STENCIL_PLATE_TYPE.options, filter: { type: 'select', multiple: true }, width: 76 },
    { prop: 'widthMm', label: '宽×高（mm）', width: 100, render: (row) => `${row.widthMm}×${row.heightMm}` },
    { ...columnOf(STENCIL.location), width: 100 },
    { ...columnOf(STENCIL.status), type: 'tag', options: STATUS_OPTIONS, filter: { type: 'select', multiple: true }, width: 64 },
    { prop: 'usedCount', label: '已印 / 寿命（次）', sortable: true, width: 200, render: (row) => <Wear row={row} /> },
  ],
  fetch: stencilsApi.list,
  ...editorActions({ noun: '印版', authorities: [A.add, A.edit, A.delete], name: (row) => row.stencilNo, remove: (row) => stencilsApi.remove([row.id]) }),
  importer: { title: '印版', authority: A.import, template: stencilsApi.downloadTemplate, submit: stencilsApi.importFile },
  exporter: { authority: A.export, run: stencilsApi.exportFile },
  editor: {
    noun: '印版',
    fields: STENCIL_FIELDS,
    initial: (row) => row ?? NEW_STENCIL,
    loadOptions: () => allProducts().then((products) => ({ productId: productOptions(products) })),
    save: (values: CreateStencilRequest, row) => {
      const request = { ...values, productId: values.productId ?? null };
      return row ? stencilsApi.update({ ...request, id: row.id }) : stencilsApi.create(request);
    },
  },
};
