/** A fetch stub answering by "METHOD /path" (query string ignored), recording every call. */
export interface FakeCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export type FakeReply = { status?: number; body?: unknown; headers?: Record<string, string> };
export type FakeHandler = (call: FakeCall) => FakeReply | Promise<FakeReply>;

export function createFakeFetch(routes: Record<string, FakeHandler | FakeReply>) {
  const calls: FakeCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    const body =
      typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? undefined);
    const call = { method, url, headers, body };
    calls.push(call);
    const signal = init.signal;
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const key = `${method} ${url.split('?')[0]}`;
    const route = routes[key];
    if (!route) {
      return new Response(JSON.stringify({ error: 'not_found', message: `no route ${key}` }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    // Like real fetch, an abort rejects at once even while the server is still answering.
    const answer = Promise.resolve(typeof route === 'function' ? route(call) : route);
    const reply = await new Promise<FakeReply>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      answer.then(resolve, reject);
    });
    const isText = typeof reply.body === 'string' && !reply.headers?.['content-type'];
    return new Response(
      reply.body === undefined
        ? null
        : isText
          ? (reply.body as string)
          : JSON.stringify(reply.body),
      {
        status: reply.status ?? 200,
        headers: {
          'content-type': isText ? 'text/plain' : 'application/json',
          ...reply.headers,
        },
      },
    );
  };
  return { fetch, calls };
}

/** An in-memory Storage. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}
