import type { ServerModule } from '../module';
import { authRoutes } from './auth.routes';

export { AuthService } from './auth.service';
export { SessionCache } from './session-cache';
export { hashPassword, hashToken } from './crypto';

/** Platform module without pages: login, refresh, logout, user info, factory switch, user log. */
export const authModule: ServerModule = {
  name: 'auth',
  async register(app, { auth }) {
    await authRoutes(app, { service: auth });
  },
};
