import http from 'node:http';

// A Server-Sent Events reader for tests (tests only): connects to a listening app and collects
// the events as they come.

export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

export interface SseClient {
  events: SseEvent[];
  /** Resolves when an event matching `test` has come (or has already). */
  until(test: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  headers: http.IncomingHttpHeaders;
  close(): void;
}

export function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = [];
    const waiters: (() => void)[] = [];
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const e: Partial<SseEvent> & { lines: string[] } = { lines: [] };
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('data: ')) e.lines.push(line.slice(6));
          }
          if (e.event) {
            events.push({ id: e.id, event: e.event, data: JSON.parse(e.lines.join('\n')) });
            for (const w of waiters.splice(0)) w();
          }
        }
      });
      resolve({
        events,
        headers: res.headers,
        until(test, timeoutMs = 10_000) {
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error('no such event came')), timeoutMs);
            const check = () => {
              const found = events.find(test);
              if (found) {
                clearTimeout(timer);
                ok(found);
              } else waiters.push(check);
            };
            check();
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', () => undefined);
  });
}
