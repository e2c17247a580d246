import { useEffect } from 'react';
import { startVersionCheck } from '@core/version';
import type { HostProps } from '@elements/host-element';
import { ConsoleRoutes, RouteEffects } from './console-routes';
import { FrameRouter } from './frame-router';
import { useHostSession } from './host-session';
import { ElementProviders } from './providers';

let versionCheckStarted = false;

/** The version check runs once per page, however many consoles it holds (spec §4). */
function useVersionCheck(baseUrl: string | undefined) {
  useEffect(() => {
    if (versionCheckStarted) return;
    versionCheckStarted = true;
    startVersionCheck({ baseURL: baseUrl ?? '' });
  }, [baseUrl]);
}

/** `<mes-console>`: providers, host session bridge, router (memory by default) and the shell routes. */
export default function ConsoleRoot(props: HostProps) {
  const { container, baseUrl, routing, path, basePath } = props;
  useHostSession(container, props);
  useVersionCheck(baseUrl);
  const mode = routing === 'history' ? 'history' : 'memory';
  return (
    <ElementProviders container={container} baseUrl={baseUrl}>
      <FrameRouter key={`${mode}:${basePath ?? ''}`} mode={mode} path={path} basePath={basePath}>
        <RouteEffects container={container} path={path} />
        <ConsoleRoutes />
      </FrameRouter>
    </ElementProviders>
  );
}
