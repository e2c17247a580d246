import type { ServerModule } from '../module';
import { accountRoutes } from './account.routes';
import { AccountService } from './account.service';

export { logSmsSender, type SmsSender } from './sms';
export { DEMO_STAFF_PASSWORD, DEMO_STAFF_USERNAMES } from './seed';

/** 账号 (/account): departments, staff, roles, password and phone, factory grants. */
export const accountModule: ServerModule = {
  name: 'account',
  async register(app, { db, now, sms, files }) {
    await accountRoutes(app, { service: new AccountService(db, { now, sms }), files });
  },
};
