/** AuthButton: hidden without its authority code, optional disabled-reason tooltip. */
export { AuthButton, type AuthButtonProps } from './auth-button';
/** Hooks over the session user's authority codes. */
export { useAuthorities, useCan } from './use-authorities';
