import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router-dom';
import { PUBLIC_ROUTES, ROUTE_GROUPS, authoritySet, visibleRouteGroups } from '@core/access';
import { cancelRouteRequests } from '@core/http';
import { logout } from '@core/session';
import { reloadIfNewerVersion } from '@core/version';
import { emitHostEvent } from '@elements/host-element';
import { useFrameRouter } from './frame-router';
import { LoginPage } from './login.page';
import { NoPermissionDialog } from './no-permission.dialog';
import { PublicPage } from './public-pages';
import { PageLoading, RoutePage } from './route-page';
import { homePaths, loginPathFor, safeRedirect } from './shell-rules';
import { UserLoader } from './user-loader';
import { useSession } from './use-session';

// The layout (menu, header, factory switch) is only needed after login: keep it out of the login page's JS.
const ConsoleLayout = lazy(() => import('./console-layout'));

/** Public routes whose own query legitimately carries a token (the phone upload link). */
const TOKEN_IN_QUERY_ALLOWED = new Set(
  PUBLIC_ROUTES.filter((route) => route.requiredQuery?.includes('token')).map((route) => route.path.toLowerCase()),
);

function publicRoutes() {
  return PUBLIC_ROUTES.filter((route) => route.path !== '/login').map((route) => (
    <Route key={route.path} path={route.path} element={<PublicPage route={route} />} />
  ));
}

function RedirectToLogin() {
  const location = useLocation();
  return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
}

/** A logged-in user on /login goes on: to the redirect query when there is one, else to '/'. */
function LeaveLogin() {
  const [params] = useSearchParams();
  return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
}

function AuthorizedRoutes() {
  const user = useSession((state) => state.user);
  const groups = useMemo(() => visibleRouteGroups(ROUTE_GROUPS, authoritySet(user)), [user]);
  const { root, home } = homePaths(groups);

  if (!root || !home) {
    return (
      <Routes>
        {publicRoutes()}
        <Route path="*" element={<NoPermissionDialog />} />
      </Routes>
    );
  }

  const routes = groups.flatMap((group) => group.children.map((route) => ({ group, route })));
  return (
    <Routes>
      {publicRoutes()}
      <Route path="/login" element={<LeaveLogin />} />
      {routes
        .filter(({ route }) => route.bare)
        .map(({ group, route }) => (
          <Route key={route.path} path={route.path} element={<RoutePage route={route} group={group} />} />
        ))}
      <Route
        element={
          <Suspense fallback={<PageLoading />}>
            <ConsoleLayout groups={groups} />
          </Suspense>
        }
      >
        {routes
          .filter(({ route }) => !route.bare)
          .map(({ group, route }) => (
            <Route key={route.path} path={route.path} element={<RoutePage route={route} group={group} />} />
          ))}
      </Route>
      <Route path="/" element={<Navigate to={root} replace />} />
      <Route path="*" element={<Navigate to={home} replace />} />
    </Routes>
  );
}

/**
 * Spec §2: a token in the page query is discarded and sends the user to login. A session that was
 * open ends too: whoever crafted the link must not act in it (the login page then starts afresh).
 */
function DiscardQueryToken({ loggedIn }: { loggedIn: boolean }) {
  useEffect(() => {
    if (loggedIn) logout('unauthorized');
  }, [loggedIn]);
  return <Navigate to="/login" replace />;
}

/** Spec §2 access rules, in the order they apply. */
export function ConsoleRoutes() {
  const token = useSession((state) => state.token);
  const user = useSession((state) => state.user);
  const location = useLocation();

  const queryToken = new URLSearchParams(location.search).has('token');
  if (queryToken && !TOKEN_IN_QUERY_ALLOWED.has(location.pathname.toLowerCase())) {
    return <DiscardQueryToken loggedIn={!!token} />;
  }

  if (!token) {
    return (
      <Routes>
        {publicRoutes()}
        <Route path="/login" element={<LoginPage />} />
        <Route path="/" element={<Navigate to="/login" replace />} />
        <Route path="*" element={<RedirectToLogin />} />
      </Routes>
    );
  }
  if (!user) {
    return (
      <Routes>
        {publicRoutes()}
        <Route path="*" element={<UserLoader />} />
      </Routes>
    );
  }
  return <AuthorizedRoutes />;
}

interface RouteEffectsProps {
  container?: ShadowRoot;
  /** Path the host asks for (`path` attribute/property). */
  path?: string;
}

/**
 * Side effects of navigation: follows the host's `path`, tells the host where we are (`navigate`
 * event), cancels the left route's pending requests and reloads when a newer version is known.
 * Rendered before the routes so cancellation happens before the next page's effects start requests.
 */
export function RouteEffects({ container, path }: RouteEffectsProps) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const current = `${location.pathname}${location.search}`;
  const previousPathname = useRef(location.pathname);
  const lastEmitted = useRef<string | null>(null);

  useLayoutEffect(() => {
    if (previousPathname.current === location.pathname) return;
    previousPathname.current = location.pathname;
    cancelRouteRequests();
    reloadIfNewerVersion();
  }, [location.pathname]);

  useEffect(() => {
    if (path && path !== current) navigate(path);
    // Only a change of the host's path navigates; our own navigation must not be undone.
  }, [path]); // eslint-disable-line react-hooks/exhaustive-deps

  // A navigation the user declined (useLeaveGuard's 继续编辑) leaves the location as it was; if the
  // host had already moved its own URL there, tell it where we still are.
  const router = useFrameRouter();
  useEffect(() => {
    if (!router) return;
    let blocked = false;
    return router.subscribe((state) => {
      const wasBlocked = blocked;
      const states = [...state.blockers.values()].map((blocker) => blocker.state);
      blocked = states.includes('blocked');
      // Declined: no longer blocked and not proceeding (离开 goes on to the new location as usual).
      if (!wasBlocked || blocked || states.includes('proceeding')) return;
      const { pathname, search } = state.location;
      const where = `${pathname}${search}`;
      lastEmitted.current = where;
      emitHostEvent(container, 'navigate', { path: where, replace: true });
    });
  }, [router, container]);

  useEffect(() => {
    if (lastEmitted.current === current) return;
    const first = lastEmitted.current === null;
    lastEmitted.current = current;
    emitHostEvent(container, 'navigate', { path: current, replace: first || navigationType === 'REPLACE' });
  }, [container, current, navigationType]);

  return null;
}
