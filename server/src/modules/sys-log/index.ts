import type { ServerModule } from '../module';
import { sysLogRoutes } from './sys-log.routes';
import { SysLogService } from './sys-log.service';

/** 系统日志 (/sys-log): the operation log, listed and exported. */
export const sysLogModule: ServerModule = {
  name: 'sys-log',
  async register(app, { db }) {
    await sysLogRoutes(app, { service: new SysLogService(db) });
  },
};
