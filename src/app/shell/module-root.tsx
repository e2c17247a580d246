import { Suspense, type ComponentType } from 'react';
import type { HostProps } from '@elements/host-element';
import { useHostSession } from './host-session';
import { LoginPage } from './login.page';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoading } from './route-page';
import { FrameRouter } from './frame-router';
import { ElementProviders } from './providers';
import { UserLoader } from './user-loader';
import { useSession } from './use-session';

/**
 * Root of a module's own element (defineModuleElement): same providers and session bridge as the
 * console, its own login page without a session, then just the module's component. It has no URL
 * routing; a memory router is provided only so shared page parts (useTabQuery, links, useLeaveGuard)
 * work inside.
 */
export default function ModuleRoot(props: HostProps & { page: ComponentType }) {
  const { container, baseUrl, page: Page } = props;
  useHostSession(container, props);
  const token = useSession((state) => state.token);
  const user = useSession((state) => state.user);
  let body;
  if (!token) body = <LoginPage />;
  else if (!user) body = <UserLoader />;
  else
    body = (
      <PageErrorBoundary key={user.orgId}>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    );
  return (
    <ElementProviders container={container} baseUrl={baseUrl}>
      <FrameRouter mode="memory" path={props.path}>
        {body}
      </FrameRouter>
    </ElementProviders>
  );
}
