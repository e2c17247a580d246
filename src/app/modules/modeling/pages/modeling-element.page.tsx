import { useCan } from '../../../components';
import { ModelingAuthorities } from '../../../../core/access/authorities/modeling';
import ModelingPage from './modeling.page';

/** What `<mes-modeling>` shows: the 建模 tabs, given the page's menu authority. */
export default function ModelingElementPage() {
  const can = useCan();
  if (!can(ModelingAuthorities.page)) return <div className="mes-fill">当前账号暂无建模权限</div>;
  return (
    <div className="mes-modeling-element" style={{ padding: 16, background: '#fff' }}>
      <ModelingPage />
    </div>
  );
}
