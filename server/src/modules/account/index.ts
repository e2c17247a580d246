export { AccountService } from './service';
export { accountRoutes } from './routes';
export { logSmsSender, type SmsSender } from './sms';
export { DEMO_STAFF_PASSWORD, DEMO_STAFF_USERNAMES } from './seed';
