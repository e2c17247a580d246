import { useStore } from 'zustand';
import { sessionStore, type SessionState } from '@core/session';

/** Reads the session store (token, user, mode) and re-renders on change. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
