export * from './session.store';
export * from './expiry';
export { authApi } from './auth.api';
