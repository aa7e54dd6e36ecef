import https from 'node:https';

// An EventSource-like reader over TLS for the proofs behind nginx: it sends what the browser's
// EventSource sends (Accept: text/event-stream, Cache-Control: no-cache, Last-Event-ID on a
// reconnect), parses events as the EventSource parser does (id, event, data lines; a comment line
// starting with ':' is ignored), and remembers the last event id, as the browser does.

export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  events: SseEvent[];
  /** The id of the last event that carried one (what a reconnect sends as Last-Event-ID). */
  lastEventId: () => string | undefined;
  /** Resolves with the first event that passes `test` (now or when it comes); rejects if the stream ends first. */
  until: (test: (e: SseEvent) => boolean) => Promise<SseEvent>;
  /** Whether the connection is still open (nginx or the app has not ended it). */
  isOpen: () => boolean;
  close: () => void;
}

export function openStream(
  port: number,
  path: string,
  cookie: string,
  lastEventId?: string,
): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = [];
    let last = lastEventId;
    let ended = false;
    const waiters = new Set<() => void>();
    const wake = () => waiters.forEach((w) => w());
    const req = https.get(
      {
        host: '127.0.0.1',
        port,
        path,
        servername: 'fitbench.example.org',
        rejectUnauthorized: false,
        headers: {
          host: 'fitbench.example.org',
          accept: 'text/event-stream',
          'cache-control': 'no-cache',
          cookie,
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
      },
      (res) => {
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk.replace(/\r\n?/g, '\n');
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let id: string | undefined;
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const at = line.indexOf(':');
              const field = at < 0 ? line : line.slice(0, at);
              const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
              if (field === 'id') id = value;
              else if (field === 'event') event = value;
              else if (field === 'data') data.push(value);
            }
            if (id !== undefined) last = id;
            if (data.length === 0) continue;
            events.push({ id, event, data: JSON.parse(data.join('\n')) });
            wake();
          }
        });
        res.on('close', () => {
          ended = true;
          wake();
        });
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          events,
          lastEventId: () => last,
          until: (test) =>
            new Promise((ok, fail) => {
              const check = () => {
                const found = events.find(test);
                if (found) {
                  waiters.delete(check);
                  ok(found);
                } else if (ended) {
                  waiters.delete(check);
                  fail(new Error(`the stream ended first; events: ${JSON.stringify(events)}`));
                }
              };
              waiters.add(check);
              check();
            }),
          isOpen: () => !ended,
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', (e) => (ended ? undefined : reject(e)));
  });
}
