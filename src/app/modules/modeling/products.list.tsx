import type { Product } from '@core/contracts/modeling';
import { FLUTES } from '@core/contracts/modeling';
import type { ListAside, ListSpec } from '@app/components';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { productsApi } from './modeling.api';

const FLUTE_OPTIONS = FLUTES.map((flute) => ({ value: flute, label: `${flute}楞` }));

export interface ProductListHandlers {
  flows: { value: string; label: string }[];
  openEditor: (row?: Product) => void;
  /** The classify tree beside the list (its selection filters by classifyId). */
  aside: ListAside;
}

/** 产品档案: customer, box style, inner size, board, flute, colours and process flow. */
export function productList({ flows, openEditor, aside }: ProductListHandlers): ListSpec<Product> {
  return {
    rowKey: 'id',
    columns: [
      { prop: 'productNo', label: '产品编号', filter: { type: 'tagInput' }, sortable: true, width: 130 },
      { prop: 'productName', label: '产品名称', filter: { type: 'input' }, sortable: true, width: 170 },
      { prop: 'customerName', label: '客户', filter: { type: 'input' }, sortable: true, width: 150 },
      { prop: 'classifyName', label: '产品分类', width: 110 },
      { prop: 'boxStyle', label: '箱型', width: 70 },
      { prop: 'lengthMm', label: '内径（长×宽×高 mm）', width: 170, render: (row) => `${row.lengthMm}×${row.widthMm}×${row.heightMm}` },
      { prop: 'boardCode', label: '纸板编码', filter: { type: 'input' }, width: 110 },
      { prop: 'flute', label: '楞型', width: 70, filter: { type: 'select', multiple: true, options: FLUTE_OPTIONS } },
      { prop: 'colors', label: '颜色数', type: 'number', width: 80 },
      { prop: 'processFlowName', label: '工艺路线', width: 150, filter: { prop: 'processFlowId', type: 'select', options: flows } },
    ],
    fetch: productsApi.list,
    aside,
    toolbar: [{ key: 'add', label: '新增产品', primary: true, authority: A.productAdd, run: () => openEditor() }],
    rowActions: [
      { key: 'edit', label: '编辑', authority: A.productEdit, run: (row) => openEditor(row) },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        authority: A.productDelete,
        confirm: (row) => `确定删除产品「${row.productName}」吗？`,
        run: (row) => productsApi.remove([row.id]),
      },
    ],
    importer: { title: '产品', authority: A.productImport, template: productsApi.downloadTemplate, submit: productsApi.importFile },
    exporter: { authority: A.productExport, run: productsApi.exportFile },
  };
}
