import { useCan } from '@app/components';
import { StencilAuthorities } from '@core/access/authorities/stencil';
import StencilPage from './stencil.page';

/** What `<mes-stencil>` shows: the plates list, given the page's menu authority. */
export default function StencilElementPage() {
  const can = useCan();
  if (!can(StencilAuthorities.page)) return <div className="mes-fill">当前账号暂无印版管理权限</div>;
  return (
    <div className="mes-stencil-element" style={{ padding: 16, background: '#fff' }}>
      <StencilPage />
    </div>
  );
}
