import type { FastifyInstance } from 'fastify';
import { ScheduleApi as E, type ScheduleExportRequest } from '@core/contracts/schedule';
import { mount } from '../../lib/endpoint';
import { operationContext } from '../../lib/operation-context';
import { registerExportRoute } from '../../lib/transfer-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import type { CalcJobService } from './job.service';
import type { ScheduleService } from './schedule.service';
import { SCHEDULE_EXPORT_COLUMNS, type ScheduleViewService } from './views.service';

export interface ScheduleServices {
  tasks: ScheduleService;
  jobs: CalcJobService;
  views: ScheduleViewService;
}

/** /dps-server/v3/report_task/*, /dps-server/v2/machine_schedule/manual_sort and /dps-server/production_order/summary/*. */
export async function scheduleRoutes(app: FastifyInstance, { tasks, jobs, views }: ScheduleServices): Promise<void> {
  const scope = (request: Parameters<typeof sessionOf>[0]) => scopeOf(sessionOf(request));

  mount(app, E.standbyList, async (request) => tasks.list(scope(request), 'standby', request.query));
  mount(app, E.preList, async (request) => tasks.list(scope(request), 'pre', request.query));
  mount(app, E.scheduledList, async (request) => tasks.scheduled(scope(request), request.query));
  mount(app, E.machineOptions, async (request) => tasks.machineOptions(scope(request), request.query.ids));

  mount(app, E.assignMachine, async (request) => tasks.assignMachine(scope(request), request.body, operationContext(request)));
  mount(app, E.preSchedule, async (request) => tasks.preSchedule(scope(request), request.body.ids, operationContext(request)));
  mount(app, E.cancelPre, async (request) => tasks.preSchedule(scope(request), request.body.ids, operationContext(request), true));
  mount(app, E.manualSchedule, async (request) => tasks.manualSchedule(scope(request), request.body, operationContext(request)));
  mount(app, E.autoSchedule, async (request) => jobs.startOptimize(scope(request), request.body, operationContext(request)));
  mount(app, E.issue, async (request) => tasks.issue(scope(request), request.body.ids, operationContext(request)));
  mount(app, E.cancel, async (request) => tasks.cancel(scope(request), request.body.ids, operationContext(request)));
  mount(app, E.urgent, async (request) => tasks.urgent(scope(request), request.body.ids, operationContext(request)));

  mount(app, E.manualSort, async (request) => tasks.moveTask(scope(request), request.body, operationContext(request)));
  mount(app, E.machineManualSort, async (request) => tasks.machineSort(scope(request), request.body, operationContext(request)));
  mount(app, E.viewList, async (request) => views.viewList(scope(request), request.query));
  mount(app, E.viewDetail, async (request) => views.viewDetail(scope(request), request.params.id));
  mount(app, E.loadDetail, async (request) => views.loadDetail(scope(request), request.query));

  mount(app, E.startCalculate, async (request) => jobs.startCalculate(scope(request), operationContext(request)));
  mount(app, E.cancelCalculate, async (request) => jobs.cancel(scope(request), request.body.id, operationContext(request)));
  mount(app, E.calculateProgress, async (request) => jobs.progress(scope(request)));
  mount(app, E.anewTimeWrongList, async (request) => tasks.list(scope(request), 'anewTime', request.query));
  mount(app, E.cancelAnewTimeFlag, async (request) => tasks.cancelAnewTimeFlag(scope(request), request.body.ids, operationContext(request)));

  mount(app, E.unfinishedCount, async (request) => tasks.unfinishedCount(scope(request)));
  mount(app, E.unfinishedList, async (request) => tasks.list(scope(request), 'unfinished', request.query));
  mount(app, E.unfinishedHandle, async (request) => tasks.unfinishedHandle(scope(request), request.body.ids, request.body.handle, operationContext(request)));
  mount(app, E.taskDeleteOrderList, async (request) => tasks.list(scope(request), 'revoked', request.query));
  mount(app, E.batchDelete, async (request) => tasks.batchDelete(scope(request), request.body.ids, operationContext(request)));

  mount(app, E.scheduleOrderList, async (request) => views.scheduleOrderList(scope(request), request.query));
  mount(app, E.productionDetail, async (request) => views.productionDetail(scope(request), request.query.id));
  registerExportRoute(app, { endpoint: E.scheduleExport, name: '排产计划', columns: SCHEDULE_EXPORT_COLUMNS, rows: (s, body: ScheduleExportRequest) => views.exportRows(s, body) });
  mount(app, E.holdOrders, async (request) => tasks.holdOrders(scope(request), request.body.ids, false, request.body.note, operationContext(request)));
  mount(app, E.releaseOrders, async (request) => tasks.holdOrders(scope(request), request.body.ids, true, request.body.note, operationContext(request)));
  mount(app, E.deliveryCapacity, async (request) => views.deliveryCapacity(scope(request), request.query));
}
