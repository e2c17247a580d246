import type { ServerModule } from '../module';
import { enterpriseConfigRoutes, enterpriseConfigServices } from './enterprise-config.routes';
import { paperDataRoutes, paperDataServices } from './paper-data.routes';
import { ticketTemplateRoutes } from './ticket-template.routes';

/** 系统配置 (/sys-cfg): enterprise and schedule config, dictionaries, paper data, ticket templates. */
export const sysCfgModule: ServerModule = {
  name: 'sys-cfg',
  async register(app, { db }) {
    await enterpriseConfigRoutes(app, { services: enterpriseConfigServices(db) });
    await paperDataRoutes(app, { services: paperDataServices(db) });
    await ticketTemplateRoutes(app, { db });
  },
};

export { enterpriseSections, scheduleSections } from './config.service';
export { printTemplate } from './ticket-template.service';
