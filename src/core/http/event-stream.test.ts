import { describe, expect, it } from 'vitest';
import { eventStreamParser, readEventStream, type StreamEvent } from './event-stream';

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

describe('readEventStream', () => {
  /** A response streaming `text` and then ending (the server going away). */
  const streamOf = (text: string) => new Response(new ReadableStream({ start: (controller) => (controller.enqueue(new TextEncoder().encode(text)), controller.close()) }), { headers: { 'content-type': 'text/event-stream' } });

  it('reconnects after a drop and takes the fresh snapshot, until closed', async () => {
    const answers = [
      streamOf('event: snapshot\ndata: {"n":1}\n\nevent: status\ndata: {"d":7}\n\n'),
      streamOf('event: snapshot\ndata: {"n":2}\n\n'),
    ];
    const seen: string[] = [];
    let opened = 0;
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const stream = readEventStream(
      {
        open: async () => {
          opened += 1;
          const next = answers.shift();
          if (!next) finish();
          return next ?? null;
        },
        delay: () => 0,
      },
      {
        onOpen: () => seen.push('open'),
        onDrop: () => seen.push('drop'),
        onEvent: (event, data) => seen.push(`${event} ${JSON.stringify(data)}`),
      },
    );
    await done;
    stream.close();
    expect(opened).toBe(3);
    expect(seen).toEqual(['open', 'snapshot {"n":1}', 'status {"d":7}', 'drop', 'open', 'snapshot {"n":2}', 'drop']);
  });
});
