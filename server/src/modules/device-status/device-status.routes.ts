import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DeviceStatusApi as E, type IngestRequest } from '@core/contracts/device-status';
import { mount } from '../../lib/endpoint';
import { machineOf } from '../../lib/machine-key';
import { operationContext } from '../../lib/operation-context';
import { readToken, scopeOf, sessionOf, type SessionResolver } from '../../plugins/auth';
import type { DeviceBoardService } from './board.service';
import type { LiveHub } from './live';
import type { DeviceStatusService } from './status.service';
import type { TimelineStore } from './timeline.store';

export interface DeviceStatusParts {
  store: TimelineStore;
  status: DeviceStatusService;
  board: DeviceBoardService;
  hub: LiveHub;
  now: () => number;
  auth: SessionResolver;
}

/** /dps-server/device_status/*: machine ingestion, the live stream and the reads of screens, mounted from DeviceStatusApi. */
export async function deviceStatusRoutes(app: FastifyInstance, { store, status, board, hub, now, auth }: DeviceStatusParts): Promise<void> {
  const ingest = async (request: FastifyRequest, events: IngestRequest['events']) => {
    const machine = machineOf(request);
    const { result, changes } = await store.ingest(machine, { events }, now());
    await hub.publish(machine.enterpriseId, machine.orgId, changes);
    return result;
  };
  mount(app, E.events, async (request) => ingest(request, request.body.events));
  mount(app, E.event, async (request) => ingest(request, [request.body]));
  // 设备总览 and 设备看板 read the same stream, each under its own page code.
  for (const endpoint of [E.stream, E.boardStream]) {
    mount(app, endpoint, async (request, reply) => {
      const scope = scopeOf(sessionOf(request));
      const token = readToken(request)!;
      // A stream outlives its request: it ends once the session does (logout, expiry, another factory, authority taken away).
      const stillValid = async () => {
        const session = await auth.resolve(token, endpoint.authority);
        return !!session && session.holdsRouteAuthority && session.orgId === scope.orgId && session.enterpriseId === scope.enterpriseId;
      };
      await hub.stream(request, reply, scope, () => status.overview(scope), stillValid);
      return reply;
    });
  }
  mount(app, E.overview, async (request) => status.overview(scopeOf(sessionOf(request))));
  mount(app, E.device, async (request) => status.device(scopeOf(sessionOf(request)), request.query.deviceId));
  mount(app, E.timeline, async (request) => status.timeline(scopeOf(sessionOf(request)), request.query));
  mount(app, E.figures, async (request) => status.figures(scopeOf(sessionOf(request)), request.query));
  mount(app, E.downtimeList, async (request) => status.downtimeList(scopeOf(sessionOf(request)), request.query));
  mount(app, E.downtimeReasons, async (request) => status.downtimeReasons(scopeOf(sessionOf(request))));
  mount(app, E.downtimeReason, async (request) => status.setReason(scopeOf(sessionOf(request)), request.body, operationContext(request)));
  mount(app, E.board, async (request) => board.board(scopeOf(sessionOf(request)), request.query));
  mount(app, E.calendar, async (request) => board.calendar(scopeOf(sessionOf(request)), request.query));
  mount(app, E.downtimeSplit, async (request) => status.split(scopeOf(sessionOf(request)), request.body, operationContext(request)));
}
