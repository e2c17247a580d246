import type { ServerModule } from '../module';
import { repairRoutes } from './repair.routes';
import { RepairService } from './repair.service';
import { WebhookService } from './webhook.service';

export { logAlertSender, type AlertSender } from './alert-sender';
export { insertRepair, RepairMessages } from './repair.service';

/** 设备维修 (/repair-cfg): repair orders through their handle states, parts taken from stock, fault alerts to the factory's group chats. */
export const deviceRepairModule: ServerModule = {
  name: 'device-repair',
  async register(app, { db, now, alerts }) {
    const webhooks = new WebhookService(db, alerts, app.log);
    await repairRoutes(app, { repairs: new RepairService(db, { webhooks, now }), webhooks });
  },
};
