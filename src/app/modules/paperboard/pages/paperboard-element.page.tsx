import { useCan } from '@app/components';
import { PaperboardAuthorities } from '@core/access/authorities/paperboard';
import StandbyPage from './standby.page';

/** What `<mes-paperboard>` shows: 待排订单 with 试排, given the page's menu authority. */
export default function PaperboardElementPage() {
  const can = useCan();
  if (!can(PaperboardAuthorities.standbyOrders)) return <div className="mes-fill">当前账号暂无纸板排产权限</div>;
  return (
    <div className="mes-paperboard-element" style={{ padding: 16, background: '#fff' }}>
      <StandbyPage />
    </div>
  );
}
