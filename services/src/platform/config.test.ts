import path from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('needs no variable: embedded engines keep their data in ./data', () => {
    const config = loadConfig({}, { embedded: true });
    expect(config.eventStore).toEqual({ kind: 'sqlite', file: path.resolve('data/events.db') });
    expect(config.readStore).toEqual({ kind: 'sqlite', file: path.resolve('data/read.db') });
    expect(config.bus).toEqual({ kind: 'memory' });
    expect(config.blobs).toEqual({ kind: 'file', dir: path.resolve('data/blobs') });
    expect(config.ai).toEqual({ provider: 'offline' });
    expect(config.payments).toEqual({ gateway: 'simulated' });
  });

  it('needs PAYMENTS only in a process that takes payments; a value given is still checked', () => {
    expect(() => loadConfig({})).toThrow('PAYMENTS: must be set');
    expect(loadConfig({}, { payments: false }).payments).toBeUndefined();
    expect(loadConfig({ PAYMENTS: 'simulated' }, { payments: false }).payments).toEqual({
      gateway: 'simulated',
    });
    expect(() => loadConfig({ PAYMENTS: 'stripe' }, { payments: false })).toThrow('STRIPE_SECRET_KEY');
  });

  it('moves every embedded file with DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/studio-x' }, { embedded: true });
    expect(config.eventStore).toEqual({ kind: 'sqlite', file: '/tmp/studio-x/events.db' });
    expect(config.blobs).toEqual({ kind: 'file', dir: '/tmp/studio-x/blobs' });
  });

  it('selects the distributed engines by URL', () => {
    const config = loadConfig({
      EVENT_STORE_URL: 'kurrentdb://kurrent:2113?tls=false',
      READ_STORE_URL: 'mongodb://mongo:27017/studio?replicaSet=rs0',
      BUS_URL: 'kafka://kafka:9092,kafka2:9092',
      BLOB_STORE_URL: 'mongodb://mongo:27017/studio?replicaSet=rs0',
      PAYMENTS: 'simulated',
    });
    expect(config.eventStore.kind).toBe('kurrentdb');
    expect(config.readStore.kind).toBe('mongodb');
    expect(config.bus).toEqual({ kind: 'kafka', brokers: ['kafka:9092', 'kafka2:9092'] });
    expect(config.blobs.kind).toBe('gridfs');
    expect(
      loadConfig({ BUS_URL: 'kafka://127.0.0.1:19092?namespace=drill_1', PAYMENTS: 'simulated' }).bus,
    ).toEqual({ kind: 'kafka', brokers: ['127.0.0.1:19092'], namespace: 'drill_1' });
  });

  it('selects PostgreSQL and NATS JetStream by URL', () => {
    const config = loadConfig({
      EVENT_STORE_URL: 'postgres://studio@db:5432/studio',
      BUS_URL: 'nats://nats:4222,nats2:4222?namespace=blue&ackWaitMs=5000',
      PAYMENTS: 'simulated',
    });
    expect(config.eventStore).toEqual({ kind: 'postgres', url: 'postgres://studio@db:5432/studio' });
    expect(config.bus).toEqual({
      kind: 'nats',
      servers: ['nats:4222', 'nats2:4222'],
      namespace: 'blue',
      ackWaitMs: 5000,
    });
    expect(loadConfig({ BUS_URL: 'nats://nats:4222', PAYMENTS: 'simulated' }).bus).toEqual({
      kind: 'nats',
      servers: ['nats:4222'],
    });
  });

  it.each([
    [{ EVENT_STORE_URL: 'mysql://x' }, 'EVENT_STORE_URL'],
    [{ BUS_URL: 'rabbit://x' }, 'BUS_URL'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ AI_PROVIDER: 'openai' }, 'OPENAI_API_KEY'],
    [{ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ REMOTE_URLS: '[1,2]' }, 'REMOTE_URLS'],
    [{ SHELL_URL: 'shell:8080' }, 'SHELL_URL'],
    [{ SHELL_URL: 'http://localhost:8085', SHELL_FETCH_URL: 'ftp://shell' }, 'SHELL_FETCH_URL'],
  ])('rejects %j with a message naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  it("reads the shell's page where SHELL_FETCH_URL says, its public SHELL_URL otherwise", () => {
    expect(loadConfig({}, { embedded: true }).shell).toBeUndefined();
    expect(loadConfig({ SHELL_URL: 'https://app-files.example' }, { embedded: true }).shell).toEqual({
      url: 'https://app-files.example',
      fetchUrl: 'https://app-files.example',
    });
    expect(
      loadConfig(
        { SHELL_URL: 'http://localhost:8085', SHELL_FETCH_URL: 'http://shell:8080' },
        { embedded: true },
      ).shell,
    ).toEqual({ url: 'http://localhost:8085', fetchUrl: 'http://shell:8080' });
  });

  it('selects the PostgreSQL read store by its URL, and names READ_STORE_URL for another scheme', () => {
    for (const url of ['postgres://studio@db:5432/studio?schema=reads', 'postgresql://db/studio']) {
      expect(loadConfig({ READ_STORE_URL: url }, { embedded: true }).readStore).toEqual({
        kind: 'postgres',
        url,
      });
    }
    expect(() => loadConfig({ READ_STORE_URL: 'redis://cache:6379' }, { embedded: true })).toThrow(
      'READ_STORE_URL: must be sqlite:<file>, mongodb://… or postgres://…',
    );
  });

  it('trusts no proxy unless TRUST_PROXY names how many hops sit in front', () => {
    expect(loadConfig({}, { embedded: true }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }, { embedded: true }).trustProxy).toBe(2);
  });

  it.each([
    [{ TRUST_PROXY: 'true' }],
    [{ TRUST_PROXY: '-1' }],
    [{ TRUST_PROXY: '1.5' }],
    [{ COOKIE_SECURE: 'true' }],
    [{ COOKIE_SECURE: 'true', TRUST_PROXY: '0' }],
  ])('refuses %j naming TRUST_PROXY (a secure cookie needs a TLS proxy it trusts)', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow('TRUST_PROXY');
  });

  it('accepts secure cookies behind a trusted TLS proxy', () => {
    expect(loadConfig({ COOKIE_SECURE: 'true', TRUST_PROXY: '1' }, { embedded: true }).cookieSecure).toBe(
      true,
    );
  });

  it('takes an empty variable as unset (compose gives an unset variable written with :- as "")', () => {
    const config = loadConfig({
      PAYMENTS: 'simulated',
      OPENAI_API_KEY: '',
      OPENAI_BASE_URL: '',
      METRICS_TOKEN: '',
    });
    expect(config.ai).toEqual({ provider: 'offline' });
    expect(config.metricsToken).toBeUndefined();
  });

  it('reads the start-up retry policy, the metrics token and the ops port', () => {
    const config = loadConfig({
      PAYMENTS: 'simulated',
      ENGINE_CONNECT_ATTEMPTS: '3',
      ENGINE_CONNECT_DELAY_MS: '250',
      ENGINE_CONNECT_TIMEOUT_MS: '2000',
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      OPS_PORT: '9100',
    });
    expect(config.engineConnect).toEqual({ attempts: 3, delayMs: 250, attemptTimeoutMs: 2000 });
    expect(config.metricsToken).toBe('a-long-enough-metrics-token');
    expect(config.opsPort).toBe(9100);
    expect(() => loadConfig({ PAYMENTS: 'simulated', METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN: must be at least 16 characters',
    );
  });

  it('mails through SMTP_URL, else into DATA_DIR/outbox, from MAIL_FROM; refuses anything else at start-up', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/studio-x' }, { embedded: true })).toMatchObject({
      mail: { kind: 'outbox', dir: '/tmp/studio-x/outbox' },
      mailFrom: 'AI Book Studio <no-reply@aibookstudio.example>',
    });
    const smtp = loadConfig(
      { SMTP_URL: 'smtps://user:pass@mail.example.com:465', MAIL_FROM: 'Studio <hello@studio.example>' },
      { embedded: true },
    );
    expect(smtp.mail).toEqual({ kind: 'smtp', url: 'smtps://user:pass@mail.example.com:465' });
    expect(smtp.mailFrom).toBe('Studio <hello@studio.example>');
    expect(loadConfig({ MAIL_FROM: 'hello@studio.example' }, { embedded: true }).mailFrom).toBe(
      'hello@studio.example',
    );
    for (const url of ['http://mail.example.com', 'mail.example.com:25', 'smtp://']) {
      expect(() => loadConfig({ SMTP_URL: url }, { embedded: true })).toThrow(
        'SMTP_URL: must be an smtp:// or smtps:// URL',
      );
    }
    for (const from of ['no address', 'a@b.c\r\nBcc: x@y.z', 'Name <not-an-address>']) {
      expect(() => loadConfig({ MAIL_FROM: from }, { embedded: true })).toThrow(
        'MAIL_FROM: must be an address',
      );
    }
  });
});
