import type { CreateProductRequest, Product } from '@core/contracts/modeling';
import { FLUTES } from '@core/contracts/modeling';
import { columnOf, editorActions, type ListAside, type ListSpec } from '@app/components';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { classifyCategories, optionsOf, treeOptionsOf } from './components/options';
import { productClassifiesApi, productsApi, workFlowsApi } from './modeling.api';
import { PRODUCT } from './modeling.fields';
import { PRODUCT_FIELDS } from './modeling.forms';

const NEW_PRODUCT: Partial<CreateProductRequest> = { boxStyle: '0201', colors: 0 };

/** The form's pickers, loaded as it opens: the classify tree, and templates plus this product's own dedicated (产品专用) flows, never another product's. */
const loadFormOptions = (row: Product | undefined) =>
  Promise.all([productClassifiesApi.tree(), workFlowsApi.usableBy(row?.id ?? null)]).then(([classifies, flows]) => ({
    classifyId: treeOptionsOf(classifyCategories(classifies)),
    processFlowId: optionsOf(flows, (flow) => `${flow.flowName}（${flow.route}）${flow.isTemplate ? '' : ' · 本产品专用'}`),
  }));

const FLUTE_OPTIONS = FLUTES.map((flute) => ({ value: flute, label: `${flute}楞` }));

export interface ProductListHandlers {
  flows: { value: string; label: string }[];
  /** The classify tree beside the list (its selection filters by classifyId). */
  aside: ListAside;
}

/** 产品档案: customer, box style, inner size, board, flute, colours and process flow. */
export function productList({ flows, aside }: ProductListHandlers): ListSpec<Product> {
  return {
    rowKey: 'id',
    columns: [
      { ...columnOf(PRODUCT.productNo), filter: { type: 'tagInput' }, sortable: true, width: 130 },
      { ...columnOf(PRODUCT.productName), filter: { type: 'input' }, sortable: true, width: 170 },
      { ...columnOf(PRODUCT.customerName), filter: { type: 'input' }, sortable: true, width: 150 },
      { ...columnOf(PRODUCT.classifyName), width: 110 },
      { ...columnOf(PRODUCT.boxStyle), width: 70 },
      { prop: 'lengthMm', label: '内径（长×宽×高 mm）', width: 170, render: (row) => `${row.lengthMm}×${row.widthMm}×${row.heightMm}` },
      { ...columnOf(PRODUCT.boardCode), filter: { type: 'input' }, width: 110 },
      { ...columnOf(PRODUCT.flute), width: 70, filter: { type: 'select', multiple: true, options: FLUTE_OPTIONS } },
      { ...columnOf(PRODUCT.colors), type: 'number', width: 80 },
      { ...columnOf(PRODUCT.processFlowName), width: 150, filter: { prop: 'processFlowId', type: 'select', options: flows } },
    ],
    fetch: productsApi.list,
    aside,
    ...editorActions({ noun: '产品', authorities: [A.productAdd, A.productEdit, A.productDelete], name: (row) => row.productName, remove: (row) => productsApi.remove([row.id]) }),
    importer: { title: '产品', authority: A.productImport, template: productsApi.downloadTemplate, submit: productsApi.importFile },
    exporter: { authority: A.productExport, run: productsApi.exportFile },
    editor: {
      noun: '产品',
      fields: PRODUCT_FIELDS,
      initial: (row, query) => (row ? { ...row, flute: row.flute || undefined } : { ...NEW_PRODUCT, classifyId: query.classifyId === undefined ? null : Number(query.classifyId) }),
      loadOptions: loadFormOptions,
      save: (values: CreateProductRequest, row) => {
        const request = { ...values, classifyId: values.classifyId ?? null, processFlowId: values.processFlowId ?? null, flute: values.flute ?? '' };
        return row ? productsApi.update({ ...request, id: row.id }) : productsApi.create(request);
      },
    },
  };
}
