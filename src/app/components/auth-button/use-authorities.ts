import { useCallback, useMemo } from 'react';
import { authoritySet, can, type AuthoritySet } from '@core/access';
import { useSession } from '../../shell/use-session';

/** The session user's authority codes for the current factory. */
export function useAuthorities(): AuthoritySet {
  const user = useSession((state) => state.user);
  return useMemo(() => authoritySet(user), [user]);
}

/** `can(code)`: true when the user holds the code (no code means no restriction). */
export function useCan(): (code: string | number | null | undefined) => boolean {
  const set = useAuthorities();
  return useCallback((code) => can(set, code), [set]);
}
