/** What the engine needs of an event stream: `fetchEventSource` here, or a fake in tests. */
export interface EventSourceLike {
  onmessage: ((event: { data: string }) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

/**
 * A server-sent-events reader over `fetch`, so the token travels in the Authorization header
 * (the server's `/api/sync/events` reads it there, keeping tokens out of URLs and logs). Any
 * event block (`event:` or `data:` line) is reported as a message; comment lines (keep-alive)
 * are ignored. A failed or ended stream reports an error once.
 */
export function fetchEventSource(
  url: string,
  token: string,
  fetchFn: typeof fetch = fetch,
): EventSourceLike {
  const controller = new AbortController();
  const source: EventSourceLike = {
    onmessage: null,
    onerror: null,
    close: () => controller.abort(),
  };
  void (async () => {
    try {
      const response = await fetchFn(url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) throw new Error(`status ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^(event|data):/m.test(block)) source.onmessage?.({ data: block });
        }
      }
      throw new Error('stream ended');
    } catch {
      if (!controller.signal.aborted) source.onerror?.(new Event('error'));
    }
  })();
  return source;
}
