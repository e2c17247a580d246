import type { StatusChange } from '@core/contracts/device-status';
import type { ServerModule } from '../module';
import { DeviceCalendarService, HolidayService } from '../shifts';
import { DeviceBoardService } from './board.service';
import { deviceStatusRoutes } from './device-status.routes';
import { LiveHub } from './live';
import { DeviceStatusService } from './status.service';
import { TimelineStore } from './timeline.store';

export { seedDeviceStatusDemo } from './seed';
export { DeviceStatusService } from './status.service';

/** Gateway clocks drift: an event may be this far ahead of the server's clock. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/**
 * Live device status (issue 10; /new-home, /device-detail): shop-floor machines post status events
 * with their machine key (lib/machine-key), stored as events and a timeline per device
 * (domain/device-status); changes reach screens by server-sent events through the pub/sub (every
 * server process); a timer turns silent devices 6 不在线; downtime and figures are read from the timeline.
 */
export const deviceStatusModule: ServerModule = {
  name: 'device-status',
  async register(app, { db, now, pubsub, deviceOfflineMinutes, auth }) {
    const offlineAfterMs = deviceOfflineMinutes * 60_000;
    const clock = () => now().getTime();
    const store = new TimelineStore(db, { offlineAfterMs, futureToleranceMs: FUTURE_TOLERANCE_MS });
    const hub = new LiveHub(pubsub);
    await hub.start();
    const status = new DeviceStatusService(db, clock, deviceOfflineMinutes);
    const board = new DeviceBoardService(db, clock, status, new DeviceCalendarService(db, new HolidayService(db)));
    await deviceStatusRoutes(app, { store, status, board, hub, now: clock, auth });

    // The offline rule as time passes: at most a minute (or a quarter of the silence limit) late.
    let sweeping: Promise<void> | null = null;
    const sweep = () => {
      sweeping ??= (async () => {
        try {
          const byFactory = new Map<string, { enterpriseId: number; orgId: number; changes: StatusChange[] }>();
          for (const { enterpriseId, orgId, change } of await store.sweepOffline(clock())) {
            const key = `${enterpriseId}:${orgId}`;
            const entry = byFactory.get(key) ?? { enterpriseId, orgId, changes: [] };
            entry.changes.push(change);
            byFactory.set(key, entry);
          }
          for (const { enterpriseId, orgId, changes } of byFactory.values()) await hub.publish(enterpriseId, orgId, changes);
        } catch (error) {
          app.log.error(error, 'device offline sweep failed');
        } finally {
          sweeping = null;
        }
      })();
    };
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(sweep, Math.min(60_000, Math.max(1_000, offlineAfterMs / 4)));
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      hub.stop();
      await sweeping;
    });
  },
};
