// The API client against a real local HTTP server: every rule of docs/product/accounts-billing-admin.md (API).
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { QueryFunctionContext } from '@tanstack/query-core';
import { USER_ID_KEY } from '../auth/storage';
import { apiJson, apiRequest, getQueryFn } from './api-client';
import { ApiError } from './api-error';
import { createQueryClient } from './query-client';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** Routes: /status/{code}/{kind} answers with a body of that kind; anything else echoes the request. */
const bodies: Record<string, { type?: string; body: string }> = {
  message: {
    type: 'application/json',
    body: JSON.stringify({ message: 'Not authenticated', error: 'UNAUTHENTICATED' }),
  },
  error: { type: 'application/json', body: JSON.stringify({ error: 'INSUFFICIENT_CREDITS' }) },
  'empty-message': {
    type: 'application/json',
    body: JSON.stringify({ message: '', error: 'TIER_REQUIRED' }),
  },
  'other-json': { type: 'application/json', body: JSON.stringify({ code: 7 }) },
  'json-string': { type: 'application/json', body: JSON.stringify('plain json string') },
  text: { type: 'text/plain', body: 'Upstream exploded' },
  html: { type: 'text/html', body: '<h1>Bad Gateway</h1>' },
  empty: { body: '' },
};

let server: Server;
let base: string;
let seen: Seen[] = [];
const realFetch = globalThis.fetch;
let fetchInits: (RequestInit | undefined)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const match = /^\/status\/(\d+)\/([\w-]+)$/.exec(req.url ?? '');
      if (match) {
        const reply = bodies[match[2]!]!;
        res.writeHead(Number(match[1]), reply.type ? { 'Content-Type': reply.type } : {});
        res.end(reply.body);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok: true, path: req.url }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await once(server, 'close');
});

/** A minimal localStorage so the client's X-User-Id rule can be exercised in node. */
function installStorage(initial: Record<string, string> = {}): void {
  const data = new Map(Object.entries(initial));
  const store = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
  Object.defineProperty(globalThis, 'localStorage', { value: store, configurable: true });
}

beforeEach(() => {
  seen = [];
  fetchInits = [];
  // Wraps the real fetch to see the RequestInit (credentials are not observable on the wire in node).
  globalThis.fetch = (input, init) => {
    fetchInits.push(init);
    return realFetch(input, init);
  };
  installStorage();
});

afterEach(() => {
  globalThis.fetch = realFetch;
  Reflect.deleteProperty(globalThis, 'localStorage');
});

const query = <T>(on401: 'returnNull' | 'throw', ...key: string[]) =>
  getQueryFn<T>({ on401 })({ queryKey: key } as unknown as QueryFunctionContext);

describe('apiRequest', () => {
  it('sends a JSON body with Content-Type application/json and includes credentials', async () => {
    const reply = await apiJson<{ ok: boolean }>('POST', `${base}/api/login`, {
      email: 'a@b.co',
      password: 'secret1',
    });
    expect(reply.ok).toBe(true);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/login' });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({ email: 'a@b.co', password: 'secret1' });
    expect(fetchInits[0]?.credentials).toBe('include');
  });

  it('sends no body and no Content-Type when there is no data', async () => {
    await apiRequest('POST', `${base}/api/logout`);
    expect(seen[0]!.body).toBe('');
    expect(seen[0]!.headers['content-type']).toBeUndefined();
  });

  it('adds X-User-Id only when a stored userId exists', async () => {
    await apiRequest('GET', `${base}/api/user`);
    expect(seen[0]!.headers['x-user-id']).toBeUndefined();

    installStorage({ [USER_ID_KEY]: 'rec42' });
    await apiRequest('GET', `${base}/api/user`);
    expect(seen[1]!.headers['x-user-id']).toBe('rec42');
  });

  it('sends the extra headers a call names (an Idempotency-Key), never in place of X-User-Id', async () => {
    installStorage({ [USER_ID_KEY]: 'rec42' });
    await apiJson(
      'POST',
      `${base}/api/books/b1/parts/chapter-1/regenerate`,
      {},
      {
        'Idempotency-Key': 'k-1',
        'X-User-Id': 'forged',
      },
    );
    expect(seen[0]!.headers['idempotency-key']).toBe('k-1');
    expect(seen[0]!.headers['x-user-id']).toBe('rec42');
  });

  it.each([
    ['message', 401, '401: Not authenticated'],
    ['error', 402, '402: INSUFFICIENT_CREDITS'],
    ['empty-message', 403, '403: TIER_REQUIRED'],
    ['other-json', 422, '422: {"code":7}'],
    ['json-string', 400, '400: "plain json string"'],
    ['text', 502, '502: Upstream exploded'],
    ['html', 502, '502: <h1>Bad Gateway</h1>'],
    ['empty', 404, '404: Not Found'],
    ['empty', 503, '503: Service Unavailable'],
  ])('a %s body with status %i throws "%s"', async (kind, status, text) => {
    const error = await apiRequest('POST', `${base}/status/${status}/${kind}`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(text);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).detail).toBe(text.slice(`${status}: `.length));
  });
});

describe('default reads (getQueryFn)', () => {
  it('GETs the query key joined by "/" with credentials and X-User-Id, parsed as JSON', async () => {
    installStorage({ [USER_ID_KEY]: 'rec7' });
    const data = await query<{ path: string }>('throw', base, 'api', 'airtable', 'books', 'rec7');
    expect(data).toEqual({ ok: true, path: '/api/airtable/books/rec7' });
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.headers['x-user-id']).toBe('rec7');
    expect(fetchInits[0]?.credentials).toBe('include');
  });

  it('throws on 401 by default', async () => {
    await expect(query('throw', `${base}/status/401/message`)).rejects.toThrow('401: Not authenticated');
  });

  it('returns null on 401 in the opt-in null mode', async () => {
    await expect(query('returnNull', `${base}/status/401/message`)).resolves.toBeNull();
  });

  it('still throws other errors in null mode', async () => {
    await expect(query('returnNull', `${base}/status/500/text`)).rejects.toThrow('500: Upstream exploded');
  });
});

describe('query client defaults', () => {
  it('never refetches on focus or mount, never goes stale, never retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      refetchOnWindowFocus: false,
      refetchOnMount: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    });
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('uses the throwing default read', async () => {
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: [`${base}/status/401/message`] })).rejects.toThrow(
      '401: Not authenticated',
    );
  });
});
