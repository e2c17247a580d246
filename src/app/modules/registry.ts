import { accountModule } from './account';
import { deviceRepairModule } from './device-repair';
import { erpLogModule } from './erp-log';
import { deviceLiveModule } from './device-live';
import { type ModulePageLoader, type ModuleRegistration } from './define-module';
import { homeModule } from './home';
import { modelingModule } from './modeling';
import { orderProgressModule } from './order-progress';
import { printOrderModule } from './print-order';
import { orderBinModule } from './order-bin';
import { sysCfgModule } from './sys-cfg';
import { shiftsModule } from './shifts';
import { stencilModule } from './stencil';
import { productionOrderModule } from './production-order';
import { sysLogModule } from './sys-log';
import { workReportModule } from './work-report';
import { paperboardModule } from './paperboard';
import { deviceCareModule } from './device-care';
import { deviceLedgerModule } from './device-ledger';
import { scheduleModule } from './schedule';

export { defineModule, type ModulePageLoader, type ModuleRegistration } from './define-module';

/** Every built module; later issues append theirs (`import { deviceModule } from './device'`). */
export const MODULES: readonly ModuleRegistration[] = [
  accountModule,
  modelingModule,
  shiftsModule,
  sysCfgModule,
  sysLogModule,
  stencilModule,
  homeModule,
  orderProgressModule,
  printOrderModule,
  deviceRepairModule,
  workReportModule,
  paperboardModule,
  erpLogModule,
  orderBinModule,
  productionOrderModule,
  deviceLiveModule,
  deviceCareModule,
  deviceLedgerModule,
  scheduleModule,
];

const pageIndex = new Map<string, ModulePageLoader>();
for (const registration of MODULES) {
  for (const [path, load] of Object.entries(registration.pages)) {
    if (pageIndex.has(path)) throw new Error(`Page ${path} is registered twice`);
    pageIndex.set(path, load);
  }
}

/** The page registered for a catalogue path, or undefined when its module is not built yet. */
export function findPageLoader(path: string): ModulePageLoader | undefined {
  return pageIndex.get(path);
}
