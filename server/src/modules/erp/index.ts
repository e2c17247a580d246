import type { ServerModule } from '../module';
import { erpRoutes } from './erp.routes';
import { ChangeWarningService, ErpLogService, RecyclingBinService } from './erp.service';
import { ErpIntake } from './intake';
import { IntegrationKeyService } from './keys';

/**
 * ERP intake (issue 11): the inbound order API of an ERP (integration keys per factory, idempotent
 * create / change / revoke), the order sync log (/erp-log) with retry, change warnings of scheduled
 * orders (accept / keep) and the order recycling bin (/order-recycling-bin).
 */
export const erpModule: ServerModule = {
  name: 'erp',
  async register(app, { db }) {
    await erpRoutes(app, {
      intake: new ErpIntake(db),
      keys: new IntegrationKeyService(db),
      logs: new ErpLogService(db),
      warnings: new ChangeWarningService(db),
      bin: new RecyclingBinService(db),
    });
  },
};

export { seedErpDemo, DEMO_INTEGRATION_KEYS } from './seed';
