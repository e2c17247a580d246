import { ListPage } from '@app/components';
import { stencilList } from '../stencil.list';

/** 印版列表 (/stencil-list). */
export default function StencilPage() {
  return <ListPage spec={stencilList} />;
}
