import { createElement, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PublicRoute } from '@core/access';
import { ModulePending } from './module-pending';
import { PageErrorBoundary } from './page-error-boundary';
import { Notice } from './notice';
import { PageLoading, registeredPage } from './route-page';
import { missingQuery } from './shell-rules';

/** A public route other than /login: reachable without a session. */
export function PublicPage({ route }: { route: PublicRoute }) {
  const [params] = useSearchParams();
  const missing = missingQuery(route, params);
  const page = registeredPage(route.path);
  let body;
  if (missing.length > 0) {
    body = (
      <Notice
        status="error"
        title="链接参数不完整"
        subTitle={`缺少参数：${missing.join('、')}，请重新扫码打开此页面`}
        testId="public-missing-query"
      />
    );
  } else if (page) {
    body = (
      <PageErrorBoundary>
        <Suspense fallback={<PageLoading />}>{createElement(page)}</Suspense>
      </PageErrorBoundary>
    );
  } else {
    body = <ModulePending title={route.title} />;
  }
  return <div className="mes-public-page">{body}</div>;
}
