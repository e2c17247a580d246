import type { ServerModule } from '../module';
import { userConfigRoutes } from './user-config.routes';
import { UserConfigService } from './user-config.service';

/** Platform module without pages: each user's console settings. */
export const userConfigModule: ServerModule = {
  name: 'user-config',
  async register(app, { db }) {
    await userConfigRoutes(app, { service: new UserConfigService(db) });
  },
};
