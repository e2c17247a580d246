import type { ServerModule } from '../module';
import { deviceLedgerRoutes } from './device-ledger.routes';
import { KnowledgeService } from './knowledge.service';
import { LedgerService } from './ledger.service';
import { MachineLogService } from './machine-log.service';
import { PictureService } from './picture.service';
import { restoreDemoFiles } from './seed';

export { seedDeviceLedgerDemo } from './seed';

/**
 * 设备台账 (/device-info): asset fields, documents and pictures of the master-data devices, the
 * phone upload of pictures (/upload-device-img), the fault knowledge base, and the exception log
 * 一体机 report with their machine key (/machineLog).
 */
export const deviceLedgerModule: ServerModule = {
  name: 'device-ledger',
  async register(app, { db, files, now }) {
    // The seed names its pictures and manuals; their bytes are made again where the disk lacks them.
    await restoreDemoFiles(db, files);
    await deviceLedgerRoutes(
      app,
      { ledger: new LedgerService(db), pictures: new PictureService(db, now), knowledge: new KnowledgeService(db), machineLog: new MachineLogService(db, now) },
      files,
    );
  },
};
