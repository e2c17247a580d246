import { describe, expect, it } from 'vitest';
import { eventStreamParser, type StreamEvent } from './event-stream';

describe('eventStreamParser', () => {
  it('reads events split across chunks, skipping comments and reporting retry', () => {
    const events: StreamEvent[] = [];
    const retries: number[] = [];
    const feed = eventStreamParser((event) => events.push(event), (ms) => retries.push(ms));
    feed('retry: 2000\n\n: ping\n\nevent: snap');
    feed('shot\ndata: {"a":1}\n\nevent: status\r\nid: 7\r\ndata: line1\r\ndata: line2\r\n\r\ndata: plain');
    expect(retries).toEqual([2000]);
    expect(events).toEqual([
      { event: 'snapshot', data: '{"a":1}', id: null },
      { event: 'status', data: 'line1\nline2', id: '7' },
    ]);
    feed('\n\n');
    expect(events[2]).toEqual({ event: 'message', data: 'plain', id: null });
  });
});
