/**
 * Server-sent events over fetch (EventSource cannot send the session's headers): a small parser of
 * the `text/event-stream` format and a reconnecting reader. The client's `http.eventStream` wires
 * it to the session headers and the error catalogue.
 */

export interface StreamEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * Feeds text chunks in, calls `emit` for each complete event (`event`, `data` lines joined by \n,
 * `id`); comments and `retry` lines are skipped (`retry` reported through `onRetry`).
 */
export function eventStreamParser(emit: (event: StreamEvent) => void, onRetry?: (ms: number) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      let id: string | null = null;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (!line || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
        else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
      }
      if (data.length) emit({ event, data: data.join('\n'), id });
    }
  };
}

export interface EventStreamHandlers {
  /** Each event with its JSON data parsed. */
  onEvent(event: string, data: unknown): void;
  /** Connected (again): the server sends its snapshot next. */
  onOpen?(): void;
  /** Lost: the reader reconnects by itself after a pause. */
  onDrop?(): void;
}

export interface EventStreamTransport {
  /** Opens the stream: a Response, or null when the answer is not a stream and reading should stop (e.g. session lost). */
  open(signal: AbortSignal): Promise<Response | null>;
  /** Pause before reconnecting, by attempt (0 first). */
  delay?(attempt: number, retryMs: number): number;
}

/** Reads a stream and reconnects after every drop (network error, server restart) until closed. */
export function readEventStream(transport: EventStreamTransport, handlers: EventStreamHandlers): { close(): void } {
  const controller = new AbortController();
  let retryMs = 2000;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const delay = transport.delay ?? ((attempt, retry) => Math.min(30_000, retry * 2 ** Math.min(attempt, 4)));
  const run = async (attempt: number): Promise<void> => {
    let received = false;
    try {
      const response = await transport.open(controller.signal);
      if (!response || !response.body) return;
      handlers.onOpen?.();
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const feed = eventStreamParser(
        (event) => {
          received = true;
          let data: unknown = event.data;
          try {
            data = JSON.parse(event.data);
          } catch {
            // plain text data stays text
          }
          handlers.onEvent(event.event, data);
        },
        (ms) => (retryMs = ms),
      );
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // network error or abort: reconnect below unless closed
    }
    if (controller.signal.aborted) return;
    handlers.onDrop?.();
    const next = received ? 0 : attempt + 1;
    timer = setTimeout(() => void run(next), delay(next, retryMs));
  };
  void run(0);
  return {
    close() {
      controller.abort();
      if (timer) clearTimeout(timer);
    },
  };
}
