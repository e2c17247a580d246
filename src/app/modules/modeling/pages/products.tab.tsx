import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CreateProductRequest, Product } from '@core/contracts/modeling';
import { ALL_CATEGORIES, ListPage, useListReload, type ListAside } from '@app/components';
import { categoryEditor, EditFormDialog } from '@app/components/form-dialog';
import { classifyCategories, filterOptionsOf, optionsOf, treeOptionsOf } from '../components/options';
import { useLoaded } from '@app/components/use-loaded';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { productClassifiesApi, productsApi, workFlowsApi } from '../modeling.api';
import { CLASSIFY_FIELDS, PRODUCT_FIELDS } from '../modeling.forms';
import { productList } from '../products.list';

/** URL param of the selected classify. */
const CLASSIFY_PARAM = 'classifyId';
const loadClassifies = () => productClassifiesApi.tree().then(classifyCategories);
const editClassify = categoryEditor(CLASSIFY_FIELDS);
const CLASSIFY_ASIDE: ListAside = {
  filter: 'classifyId',
  width: 240,
  tree: {
    noun: '产品分类',
    allLabel: '全部产品',
    load: loadClassifies,
    editor: editClassify,
    authorities: { add: A.classifyAdd, edit: A.classifyEdit, delete: A.classifyDelete },
    create: (values, parentId) => productClassifiesApi.create({ classifyName: String(values.classifyName), parentId }),
    update: (node, values) => productClassifiesApi.update({ id: node.id, parentId: node.values.parentId as number | null, classifyName: String(values.classifyName) }),
    remove: (node) => productClassifiesApi.remove([node.id]),
  },
};
const NEW_PRODUCT: Partial<CreateProductRequest> = { boxStyle: '0201', colors: 0 };

/** 产品档案 tab: the classify tree on the left, the selected classify's products on the right. */
export default function ProductsTab() {
  const [params] = useSearchParams();
  const selected = params.get(CLASSIFY_PARAM) ?? ALL_CATEGORIES;
  const classifyId = selected === ALL_CATEGORIES ? null : Number(selected);
  const [editing, setEditing] = useState<{ row?: Product } | null>(null);
  const row = editing?.row;
  const [list, reload] = useListReload();
  // Form options load when the dialog opens: the tree and the flows may have changed since.
  const openKey = editing ? `open:${row?.id ?? 'new'}` : 'closed';
  const flows = useLoaded(workFlowsApi.all, 'flows', []).data;
  const classifies = useLoaded(loadClassifies, openKey, []).data;
  // The form offers templates plus this product's own dedicated (产品专用) flows, never another product's.
  const formFlows = useLoaded(
    () => (editing ? workFlowsApi.usableBy(row?.id ?? null) : Promise.resolve([])),
    openKey,
    [],
  ).data;

  const spec = useMemo(
    () => productList({ flows: filterOptionsOf(flows, (row) => row.flowName), openEditor: (row) => setEditing({ row }), aside: CLASSIFY_ASIDE }),
    [flows],
  );

  return (
    <div className="mes-products-tab">
      <ListPage handle={list} spec={spec} />
      <EditFormDialog<CreateProductRequest>
        title={editing ? (row ? '编辑产品' : '新增产品') : null}
        fields={PRODUCT_FIELDS}
        editing={!!row}
        initial={row ? { ...row, flute: row.flute || undefined } : { ...NEW_PRODUCT, classifyId }}
        options={{ classifyId: treeOptionsOf(classifies), processFlowId: optionsOf(formFlows, (flow) => `${flow.flowName}（${flow.route}）${flow.isTemplate ? '' : ' · 本产品专用'}`) }}
        onSubmit={(values) => {
          const request = { ...values, classifyId: values.classifyId ?? null, processFlowId: values.processFlowId ?? null, flute: values.flute ?? '' };
          return row ? productsApi.update({ ...request, id: row.id }) : productsApi.create(request);
        }}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
    </div>
  );
}
