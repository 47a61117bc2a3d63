import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Event, RecordedEvent } from '@studio/events';
import request from 'supertest';
import { SESSION_COOKIE, SessionStore } from '../account/sessions';
import { featureModules } from '../main/modules';
import type { PlatformOverrides } from '../main/platform';
import { closeServer, createApi, listen, startProjectors, stopModules } from '../main/processes';
import type { Emitted } from '../platform/decider';
import { newId } from '../platform/ids';
import type { FeatureModule } from '../platform/module';
import type { ProjectorRunner } from '../platform/runners/projector';
import { openTestRuntime } from './test-runtime';

/** Events already in one stream before the request (as a decider emits them). */
export interface GivenStream {
  stream: string;
  events: Emitted<Event>[];
  /** When they happened (`occurredAt`); a fixed day long past when absent. */
  at?: string;
}

export const existingStream = (stream: string, events: Emitted<Event>[], at?: string): GivenStream => ({
  stream,
  events,
  ...(at ? { at } : {}),
});

/** The client a `when` step gets: supertest verbs, with the session cookie when signed in. */
export type Api = Pick<ReturnType<typeof request>, 'get' | 'post' | 'put' | 'patch' | 'delete'>;

type NewEvents = Record<string, Emitted<Event>[]>;

export interface Expected {
  status: number;
  /** Matched with toMatchObject: the fields named must be there, others may be too. */
  body?: unknown;
  /**
   * Every event the request appended, per stream, in order (type and data; asymmetric matchers
   * such as expect.any(String) for generated ids). `{}` says the request appended nothing. A
   * function gets the response, for streams named by an id the server made up.
   */
  newEvents: NewEvents | ((response: request.Response) => NewEvents);
}

const GIVEN_METADATA = {
  correlationId: 'given',
  causationId: 'given',
  occurredAt: '2026-01-01T00:00:00.000Z',
  schemaVersion: 1,
};

/**
 * Given events → when an HTTP request → then the response and the events it appended, over the
 * real API of every module (SQLite files in a temp folder, projectors running, so the read models
 * the routes use follow the given events). Reactors and workers do not run: every new event is
 * the request's own. One runtime per describe block; each test uses ids of its own.
 *
 * `inMemory`: for routes that read no projection (they decide on streams alone), the stores are
 * SQLite's in-memory ones and no projector runs: a lighter start, and a route that does read a
 * read model finds it empty (its test fails, which says the option does not fit it).
 */
export function apiSpecification(
  overrides: Pick<PlatformOverrides, 'ai' | 'gateway'> & { inMemory?: boolean } = {},
) {
  const { inMemory = false, ...platformOverrides } = overrides;
  let runtime: Awaited<ReturnType<typeof openTestRuntime>> | undefined;
  let modules: FeatureModule[] = [];
  let projectors: ProjectorRunner[] = [];
  let server: Server | undefined;

  beforeAll(async () => {
    // Rate limits raised: one test address signs up many users.
    runtime = await openTestRuntime({ AUTH_RATE_LIMIT: '1000' }, { inMemory });
    modules = await featureModules(runtime, platformOverrides);
    projectors = inMemory ? [] : await startProjectors(runtime, modules);
    server = await listen(createApi(runtime, modules), '127.0.0.1', 0);
  });
  afterAll(async () => {
    if (server) await closeServer(server);
    await stopModules(modules);
    for (const projector of projectors) await projector.stop();
    await runtime?.dispose();
  });

  const started = () => {
    if (!runtime || !server) throw new Error('The API has not started');
    return { runtime, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  };

  const given = (streams: GivenStream[], signedIn?: string) => ({
    /** Every request of the `when` step carries a session of this user (identity comes from it). */
    signedInAs: (userId: string) => given(streams, userId),
    when: (send: (api: Api) => request.Test) => ({
      // biome-ignore lint/suspicious/noThenProperty: the given/when/then vocabulary; this object is never awaited.
      then: async (expected: Expected): Promise<request.Response> => {
        const { runtime, url } = started();
        const { eventStore, readStore, clock, config } = runtime;
        for (const { stream, events, at } of streams) {
          const metadata = at ? { ...GIVEN_METADATA, occurredAt: at } : GIVEN_METADATA;
          const envelopes = events.map((e) => ({ ...e, eventId: newId(), metadata }));
          await eventStore.append(stream, envelopes as Event[], { expectedRevision: 'any' });
        }
        const head = await eventStore.headPosition();
        if (head !== undefined) await Promise.all(projectors.map((p) => p.waitFor(head)));
        const cookie = signedIn
          ? `${SESSION_COOKIE}=${(await new SessionStore(readStore, config.sessionTtlMs).create(signedIn, clock.now())).token}`
          : undefined;

        const response = await send(client(url, cookie));

        expect(response.status).toBe(expected.status);
        if (expected.body !== undefined) expect(response.body).toMatchObject(expected.body as object);
        const appended = await eventStore.readAll(head === undefined ? {} : { after: head });
        const { newEvents } = expected;
        expect(byStream(appended)).toEqual(typeof newEvents === 'function' ? newEvents(response) : newEvents);
        return response;
      },
    }),
  });

  return { given: (...streams: GivenStream[]) => given(streams) };
}

function client(url: string, cookie: string | undefined): Api {
  const agent = request(url);
  const withCookie = (test: request.Test) => (cookie ? test.set('Cookie', cookie) : test);
  return {
    get: (path) => withCookie(agent.get(path)),
    post: (path) => withCookie(agent.post(path)),
    put: (path) => withCookie(agent.put(path)),
    patch: (path) => withCookie(agent.patch(path)),
    delete: (path) => withCookie(agent.delete(path)),
  };
}

function byStream(events: RecordedEvent[]): NewEvents {
  const streams: NewEvents = {};
  for (const { streamName, type, data } of events) {
    streams[streamName] = [...(streams[streamName] ?? []), { type, data }];
  }
  return streams;
}
