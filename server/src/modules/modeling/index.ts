import type { ServerModule } from '../module';
import { modelingRoutes, modelingServices } from './modeling.routes';
import { shopFloorRoutes, shopFloorServices } from './shop-floor.routes';
import { teamRoutes } from './team.routes';
import { TeamService } from './team.service';

/** Tree filters other modules' lists share (device type, product classify: a node and everything below it). */
export { lazyStream, withDescendants } from './tree-filter';
/** The device list's filters and sorts (alias `d`), for lists built on the devices (设备台账). */
export { DEVICE_LIST } from './device.service';

/** 建模 (/modeling): workshops, devices, processes, flows, products, teams, IC cards, 一体机, 不良现象. */
export const modelingModule: ServerModule = {
  name: 'modeling',
  async register(app, { db, files }) {
    await modelingRoutes(app, { services: modelingServices(db), files });
    await teamRoutes(app, { teams: new TeamService(db) });
    await shopFloorRoutes(app, { services: shopFloorServices(db) });
  },
};
