import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Overview } from '@core/contracts/device-status';
import { inProcessPubSub } from '../../lib/pubsub';
import { LiveHub } from './live';

const EMPTY: Overview = { now: 0, offlineAfterMinutes: 10, workshops: [], deviceTypes: [], devices: [] };

describe('LiveHub', () => {
  const pubsub = inProcessPubSub();
  const hub = new LiveHub(pubsub, 20);
  let valid = true;
  const app = Fastify();
  app.get('/stream', async (request, reply) => {
    await hub.stream(request, reply, { enterpriseId: 1, orgId: 2 }, async () => EMPTY, async () => valid);
    return reply;
  });
  afterAll(async () => {
    hub.stop();
    await app.close();
  });

  it('streams a factory its changes only, and ends the stream once its session is no longer valid', async () => {
    await hub.start();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/stream`);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (done: () => boolean) => {
      while (!done()) {
        const chunk = await reader.read();
        if (chunk.done) return true;
        text += decoder.decode(chunk.value, { stream: true });
      }
      return false;
    };
    await until(() => text.includes('event: snapshot'));
    expect(hub.connections).toBe(1);
    await hub.publish(1, 3, [{ deviceId: 9, status: 5, since: 1, reason: null }]);
    await hub.publish(1, 2, [{ deviceId: 8, status: 5, since: 2, reason: '卡纸' }]);
    await until(() => text.includes('"deviceId":8'));
    expect(text).not.toContain('"deviceId":9');
    // Logged out (or moved to another factory): the server ends the stream by itself.
    valid = false;
    expect(await until(() => false)).toBe(true);
    expect(hub.connections).toBe(0);
  });
});
