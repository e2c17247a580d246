import { useLocation } from 'react-router-dom';
import { findRoute, ROUTE_GROUPS } from '@core/access';
import { useCan } from '@app/components';
import { ModelingAuthorities } from '@core/access/authorities/modeling';
import { CurrentRouteContext } from '@app/shell/route-context';
import { EDIT_DEVICE_PATH } from '../components/device-route';
import EditDevicePage from './edit-device.page';
import ModelingPage from './modeling.page';

const MODELING_ROUTE = findRoute(ROUTE_GROUPS, '/modeling');

/**
 * What `<mes-modeling>` shows: the 建模 tabs, given the page's menu authority. Its memory router
 * also carries the device editor, and the /modeling route entry keeps the tab in its URL so coming
 * back from the editor lands on the same tab and list state.
 */
export default function ModelingElementPage() {
  const can = useCan();
  const { pathname } = useLocation();
  if (!can(ModelingAuthorities.page)) return <div className="mes-fill">当前账号暂无建模权限</div>;
  return (
    <div className="mes-modeling-element" style={{ padding: 16, background: '#fff' }}>
      <CurrentRouteContext.Provider value={MODELING_ROUTE}>{pathname === EDIT_DEVICE_PATH ? <EditDevicePage /> : <ModelingPage />}</CurrentRouteContext.Provider>
    </div>
  );
}
