import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router-dom';

type FrameDataRouter = ReturnType<typeof createBrowserRouter>;

const FrameContent = createContext<ReactNode>(null);
const FrameRouterInstance = createContext<FrameDataRouter | null>(null);

/** The frame's router, for effects that watch more than the location (e.g. blocked navigations). */
export function useFrameRouter(): FrameDataRouter | null {
  return useContext(FrameRouterInstance);
}

/** The one route of the frame: whatever the root renders now (routes, effects, a module page). */
function Content() {
  return <>{useContext(FrameContent)}</>;
}

const routes = [{ path: '*', element: <Content /> }];

interface FrameRouterProps {
  /** `history` follows the page URL under `basePath`; `memory` keeps the route inside the element. */
  mode: 'history' | 'memory';
  path?: string;
  basePath?: string;
  children: ReactNode;
}

/**
 * A data router around an element's content, so pages can use `useBlocker` (useLeaveGuard).
 * The router is made once per mount: give the component a `key` of mode and base path to remake it.
 * The content goes through context, so it follows the root's props without remaking the router.
 */
export function FrameRouter({ mode, path, basePath, children }: FrameRouterProps) {
  const [router] = useState(() =>
    mode === 'history'
      ? createBrowserRouter(routes, { basename: basePath || undefined })
      : createMemoryRouter(routes, { initialEntries: [path || '/'] }),
  );
  // A removed element stops listening to the page's history.
  useEffect(() => () => router.dispose(), [router]);
  return (
    <FrameRouterInstance.Provider value={router}>
      <FrameContent.Provider value={children}>
        <RouterProvider router={router} />
      </FrameContent.Provider>
    </FrameRouterInstance.Provider>
  );
}
