import { useMemo } from 'react';
import { ListPage, type ListAside } from '@app/components';
import { categoryEditor } from '@app/components/form-dialog';
import { classifyCategories, filterOptionsOf } from '../components/options';
import { useLoaded } from '@app/components/use-loaded';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { productClassifiesApi, workFlowsApi } from '../modeling.api';
import { CLASSIFY_FIELDS } from '../modeling.forms';
import { productList } from '../products.list';

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

/** 产品档案 tab: the classify tree on the left (ListPage aside), the selected classify's products on the right. */
export default function ProductsTab() {
  const flows = useLoaded(workFlowsApi.all, 'flows', []).data;
  const spec = useMemo(() => productList({ flows: filterOptionsOf(flows, (row) => row.flowName), aside: CLASSIFY_ASIDE }), [flows]);
  return (
    <div className="mes-products-tab">
      <ListPage spec={spec} />
    </div>
  );
}
