import { useEffect, useLayoutEffect, useState } from 'react';
import { onSessionEvent, sessionStore, setMode, setToken, setUser } from '@core/session';
import { emitHostEvent } from '@elements/host-element';
import { parseHostUser } from './shell-rules';

export interface HostSession {
  token?: string | null;
  user?: string | object | null;
}

/** What one element last applied: only the element that gave a token may take it away again. */
export interface HostSessionTracker {
  token: string | null;
}

/**
 * A host token means embedded mode. Without one nothing changes (standalone: the token stored by
 * our own login; other elements' sessions), except that a host which takes its token away sends
 * the console back to its login page.
 */
export function applyHostSession(session: HostSession, tracker: HostSessionTracker): void {
  const token = session.token || null;
  const previous = tracker.token;
  tracker.token = token;
  const state = sessionStore.getState();
  if (token) {
    setMode('embedded');
    const user = parseHostUser(session.user);
    if (state.token !== token) {
      setToken(token);
      setUser(user);
    } else if (user) {
      setUser(user);
    }
  } else if (previous && state.token === previous) {
    setToken(null);
    setUser(null);
  }
}

interface EventSession {
  session: HostSession;
  /** The props it overrode: a later change of the props wins over the event again. */
  token: HostSession['token'];
  user: HostSession['user'];
}

/**
 * Bridges the host's session into the session store: `token`/`user` props, or a `mes-session`
 * event (detail {token, user}) on the element or on window, whichever came last. Forwards session
 * ends to the host as `mes-session-expired` / `mes-logout` events (bubbling, composed).
 */
export function useHostSession(container: ShadowRoot | undefined, props: HostSession): void {
  // Applied before the first render so that the route guards never see a stale session.
  const [tracker] = useState<HostSessionTracker>(() => {
    const initial = { token: null };
    applyHostSession(props, initial);
    return initial;
  });
  const [fromEvent, setFromEvent] = useState<EventSession | null>(null);
  const session =
    fromEvent && fromEvent.token === props.token && fromEvent.user === props.user ? fromEvent.session : props;

  useLayoutEffect(() => {
    applyHostSession({ token: session.token, user: session.user }, tracker);
  }, [tracker, session.token, session.user]);

  const { token, user } = props;
  useEffect(() => {
    const host = container?.host;
    const onEvent = (event: Event) => {
      const detail = (event as CustomEvent<HostSession | undefined>).detail;
      if (detail && typeof detail === 'object') {
        setFromEvent({ session: { token: detail.token ?? null, user: detail.user ?? null }, token, user });
      }
    };
    host?.addEventListener('mes-session', onEvent);
    window.addEventListener('mes-session', onEvent);
    return () => {
      host?.removeEventListener('mes-session', onEvent);
      window.removeEventListener('mes-session', onEvent);
    };
  }, [container, token, user]);

  useEffect(
    () =>
      onSessionEvent((event) => {
        const type = event.type === 'expired' ? 'mes-session-expired' : 'mes-logout';
        emitHostEvent(container, type, { reason: event.reason });
      }),
    [container],
  );
}
