import { createContext, useContext } from 'react';
import type { RouteEntry, RouteGroup } from '@core/access';

export interface CurrentRoute {
  route: RouteEntry;
  group: RouteGroup;
}

/** The catalogue entry of the page being rendered (title, module, keepQuery). */
export const CurrentRouteContext = createContext<CurrentRoute | null>(null);

export function useCurrentRoute(): CurrentRoute | null {
  return useContext(CurrentRouteContext);
}
