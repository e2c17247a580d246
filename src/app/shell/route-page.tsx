import { createElement, lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Spin } from 'antd';
import type { RouteEntry, RouteGroup } from '@core/access';
import { findPageLoader } from '../modules/registry';
import { ModulePending } from './module-pending';
import { withLoadTimeout } from './load-timeout';
import { PageErrorBoundary } from './page-error-boundary';
import { CurrentRouteContext } from './route-context';

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

/** The registered page of a path as a lazy component (created once per path), or null. */
export function registeredPage(path: string): LazyExoticComponent<ComponentType> | null {
  const cached = lazyPages.get(path);
  if (cached) return cached;
  const load = findPageLoader(path);
  if (!load) return null;
  const page = lazy(withLoadTimeout(load));
  lazyPages.set(path, page);
  return page;
}

export function PageLoading() {
  return (
    <div className="mes-fill">
      <Spin />
    </div>
  );
}

/** A routed page: heading + the module's page, or the module-pending notice when not built yet. */
export function RoutePage({ route, group }: { route: RouteEntry; group: RouteGroup }) {
  const page = registeredPage(route.path);
  const body = page ? (
    <PageErrorBoundary key={route.path}>
      <Suspense fallback={<PageLoading />}>{createElement(page)}</Suspense>
    </PageErrorBoundary>
  ) : (
    <ModulePending title={route.title} moduleName={group.title} />
  );
  return (
    <CurrentRouteContext.Provider value={{ route, group }}>
      {route.bare ? (
        <div className="mes-bare-page">{body}</div>
      ) : (
        <>
          <h2 className="mes-page-title">{route.title}</h2>
          <div className="mes-page-body">{body}</div>
        </>
      )}
    </CurrentRouteContext.Provider>
  );
}
