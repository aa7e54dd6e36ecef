import type { StreamEvent } from '@common/schemas/notifications';

// GET /api/notifications/stream (Server-Sent Events). Not a fetch: the browser's EventSource
// reconnects by itself and sends Last-Event-ID, so nothing is missed or repeated
// (docs/decisions/0255-the-notification-stream.md).

export interface StreamHandlers {
  onEvent: (e: StreamEvent, kind: 'notification' | 'unread') => void;
}

/**
 * Opens the stream; after the browser gives up (the server gone, a 5xx), opens it again after a
 * growing delay with `?after=` the last id seen. Returns a close function.
 */
export function openNotificationStream({ onEvent }: StreamHandlers): () => void {
  let source: EventSource | null = null;
  let lastId: string | null = null;
  let delay = 1_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const open = () => {
    const url = lastId
      ? `/api/notifications/stream?after=${encodeURIComponent(lastId)}`
      : '/api/notifications/stream';
    const s = new EventSource(url, { withCredentials: true });
    source = s;
    const handle = (kind: 'notification' | 'unread') => (e: MessageEvent<string>) => {
      delay = 1_000;
      if (e.lastEventId) lastId = e.lastEventId;
      onEvent(JSON.parse(e.data) as StreamEvent, kind);
    };
    s.addEventListener('notification', handle('notification'));
    s.addEventListener('unread', handle('unread'));
    s.onerror = () => {
      if (s.readyState !== EventSource.CLOSED || closed) return;
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, 30_000);
    };
  };
  open();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    source?.close();
  };
}
