import path from 'node:path';
import { PRODUCT_NAME } from '@studio/events';
import * as yup from 'yup';

/**
 * Every setting comes from the environment and is validated once at start-up. The embedded
 * defaults need no variable at all and keep their data in DATA_DIR (./data). Each message is
 * printed after the variable's name.
 */
const optionalText = yup.string().trim().min(1, 'must not be empty').optional();
const url = (format: RegExp, message: string) => yup.string().matches(format, message).optional();
const absoluteUrl = yup
  .string()
  .test('url', 'must be an absolute URL', (value) => value === undefined || URL.canParse(value))
  .optional();
const httpUrl = yup
  .string()
  .test(
    'http-url',
    'must be an http:// or https:// URL',
    (value) => value === undefined || (/^https?:\/\//i.test(value) && URL.canParse(value)),
  )
  .optional();
const integer = (min: number, max: number, fallback: number) =>
  yup
    .number()
    .typeError('must be a whole number')
    .integer('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);
const oneOf = <T extends string>(values: readonly T[]) =>
  yup
    .string()
    .oneOf(values, `must be one of ${values.join(', ')}`)
    .optional() as yup.StringSchema<T | undefined>;

/** `someone@host` or `Name <someone@host>`: one mailbox, no line breaks (a header). */
const MAILBOX = /^(?:[^<>\r\n@]*<[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)$/;

const schema = yup.object({
  PORT: integer(0, 65535, 3000),
  HOST: yup.string().default('127.0.0.1'),
  DATA_DIR: yup.string().min(1, 'must not be empty').default('./data'),
  EVENT_STORE_URL: url(
    /^(sqlite:.+|kurrentdb(\+discover)?:\/\/.+|esdb(\+discover)?:\/\/.+|postgres(ql)?:\/\/.+)$/,
    'must be sqlite:<file>, kurrentdb://… or postgres://…',
  ),
  READ_STORE_URL: url(
    /^(sqlite:.+|mongodb(\+srv)?:\/\/.+|postgres(ql)?:\/\/.+)$/,
    'must be sqlite:<file>, mongodb://… or postgres://…',
  ),
  BUS_URL: url(
    /^(memory:|kafka:\/\/.+|nats:\/\/.+)$/,
    'must be memory:, kafka://host:port[,host:port] or nats://host:port[,host:port]',
  ),
  BLOB_STORE_URL: url(/^(file:.+|mongodb(\+srv)?:\/\/.+)$/, 'must be file:<folder> or mongodb://…'),
  AI_PROVIDER: oneOf(['offline', 'openai'] as const).default('offline'),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: absoluteUrl,
  OPENAI_TEXT_MODEL: yup.string().default('gpt-4o-mini'),
  OPENAI_IMAGE_MODEL: yup.string().default('gpt-image-1'),
  AI_PRICES: optionalText,
  MODERATION_OUTAGE: oneOf(['open', 'closed'] as const).default('open'),
  MODERATION_OUTAGE_KIDS_BOOK: oneOf(['open', 'closed'] as const).default('closed'),
  AI_CONCURRENCY: integer(1, 256, 4),
  AI_CALLS_PER_MINUTE: integer(0, 1_000_000, 0),
  PAYMENTS: oneOf(['simulated', 'stripe'] as const),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_PRICE_BASIC: optionalText,
  STRIPE_PRICE_STANDARD: optionalText,
  STRIPE_PRICE_PREMIUM: optionalText,
  PUBLIC_URL: absoluteUrl,
  // Where mail goes: an SMTP server (smtp:// or smtps://, credentials in the URL); unset, every
  // message is written to DATA_DIR/outbox instead.
  SMTP_URL: yup
    .string()
    .test(
      'smtp-url',
      'must be an smtp:// or smtps:// URL (smtp://user:password@host:port)',
      (value) => value === undefined || (/^smtps?:\/\/[^/]/i.test(value) && URL.canParse(value)),
    )
    .optional(),
  MAIL_FROM: yup
    .string()
    .trim()
    .test(
      'mailbox',
      'must be an address, or a name and an address: Studio <no-reply@example.com>',
      (value) => value === undefined || MAILBOX.test(value),
    )
    .default(`${PRODUCT_NAME} <no-reply@aibookstudio.example>`),
  // An https page the non-fiction screen embeds as its tutorial video (its origin joins frame-src).
  TUTORIAL_VIDEO_URL: yup
    .string()
    .test(
      'https-url',
      'must be an https:// URL (an embeddable video page)',
      (value) => value === undefined || (URL.canParse(value) && new URL(value).protocol === 'https:'),
    )
    .optional(),
  AUTH_RATE_LIMIT: integer(1, Number.MAX_SAFE_INTEGER, 20),
  SESSION_TTL_HOURS: yup
    .number()
    .typeError('must be a number')
    .moreThan(0, 'must be more than 0')
    .default(24 * 14),
  COOKIE_SECURE: oneOf(['true', 'false'] as const),
  TRUST_PROXY: yup
    .number()
    .typeError('must be the number of proxies in front of the server (0 = none)')
    .integer('must be the number of proxies in front of the server (0 = none)')
    .min(0, 'must be the number of proxies in front of the server (0 = none)')
    .max(10, 'must be at most 10')
    .default(0),
  GENERATION_TIMEOUT_MS: integer(1, Number.MAX_SAFE_INTEGER, 10 * 60 * 1000),
  JOB_LEASE_MS: integer(100, Number.MAX_SAFE_INTEGER, 45_000),
  QR_SCAN_FLUSH_MS: integer(1, 60_000, 100),
  WORKER_CONCURRENCY: integer(1, 64, 2),
  BLOB_SWEEP_INTERVAL_MS: integer(1_000, Number.MAX_SAFE_INTEGER, 60 * 60 * 1000),
  BLOB_SWEEP_GRACE_MS: integer(1_000, Number.MAX_SAFE_INTEGER, 24 * 60 * 60 * 1000),
  ENGINE_CONNECT_ATTEMPTS: integer(1, 100, 8),
  ENGINE_CONNECT_DELAY_MS: integer(1, 60_000, 500),
  ENGINE_CONNECT_TIMEOUT_MS: integer(100, 600_000, 10_000),
  ENGINE_CALL_TIMEOUT_MS: integer(100, 600_000, 10_000),
  METRICS_TOKEN: yup.string().trim().min(16, 'must be at least 16 characters').optional(),
  OPS_PORT: integer(0, 65535, 9464),
  REMOTE_URLS: yup
    .string()
    .test(
      'string-map',
      'must be a JSON object of remote name to manifest URL',
      (v) => v === undefined || isStringMap(v),
    )
    .optional(),
  WEB_DIST_ROOT: yup.string().optional(),
  SHELL_URL: httpUrl,
  SHELL_FETCH_URL: httpUrl,
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const),
});

function isStringMap(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every((v) => typeof v === 'string')
    );
  } catch {
    return false;
  }
}

export type EventStoreSetting =
  | { kind: 'sqlite'; file: string }
  | { kind: 'kurrentdb'; url: string }
  | { kind: 'postgres'; url: string };
export type ReadStoreSetting =
  | { kind: 'sqlite'; file: string }
  | { kind: 'mongodb'; url: string }
  | { kind: 'postgres'; url: string };
export type BusSetting =
  | { kind: 'memory' }
  | { kind: 'kafka'; brokers: string[]; namespace?: string }
  | { kind: 'nats'; servers: string[]; namespace?: string; ackWaitMs?: number };
export type BlobSetting = { kind: 'file'; dir: string } | { kind: 'gridfs'; url: string };
export type MailSetting = { kind: 'smtp'; url: string } | { kind: 'outbox'; dir: string };

/**
 * `nats://host:port[,host:port][?namespace=name&ackWaitMs=n]`: the namespace prefixes streams and
 * subjects; ackWaitMs is how long a message whose consumer died waits before it is redelivered.
 */
function natsSetting(url: string): BusSetting {
  const [hosts = '', query = ''] = url.slice('nats://'.length).split('?', 2);
  const params = new URLSearchParams(query);
  const namespace = params.get('namespace');
  const ackWaitMs = Number(params.get('ackWaitMs'));
  return {
    kind: 'nats',
    servers: hosts.split(',').filter(Boolean),
    ...(namespace ? { namespace } : {}),
    ...(Number.isInteger(ackWaitMs) && ackWaitMs > 0 ? { ackWaitMs } : {}),
  };
}

/** `kafka://host:port[,host:port][?namespace=name]`: the namespace prefixes topics and consumer groups. */
function kafkaSetting(url: string): BusSetting {
  const [hosts = '', query = ''] = url.slice('kafka://'.length).split('?', 2);
  const namespace = new URLSearchParams(query).get('namespace');
  return { kind: 'kafka', brokers: hosts.split(',').filter(Boolean), ...(namespace ? { namespace } : {}) };
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  eventStore: EventStoreSetting;
  readStore: ReadStoreSetting;
  bus: BusSetting;
  blobs: BlobSetting;
  ai: (
    | { provider: 'offline' }
    | { provider: 'openai'; apiKey: string; baseURL?: string; textModel: string; imageModel: string }
  ) & {
    /** AI_PRICES: JSON of model → price over the defaults (studio/ai/prices.ts reads and checks it). */
    prices?: string;
  };
  /** What a moderation service that does not answer does to a request: let it through or refuse it for now. */
  moderation: { outage: 'open' | 'closed'; kidsBookOutage: 'open' | 'closed' };
  /** Provider calls in flight at once in this process, shared by its jobs (AI_CONCURRENCY). */
  aiConcurrency: number;
  /** Provider calls started per minute at most in this process; 0 = no limit (AI_CALLS_PER_MINUTE). */
  aiCallsPerMinute: number;
  /** Absent only where the process takes no payments (projector, relay, worker) and PAYMENTS is unset. */
  payments?:
    | { gateway: 'simulated' }
    | {
        gateway: 'stripe';
        secretKey: string;
        webhookSecret: string;
        publishableKey?: string;
        prices: { basic: string; standard: string; premium: string };
      };
  publicUrl?: string;
  /** Where the product's mail goes (SMTP_URL), and the sender it names (MAIL_FROM). */
  mail: MailSetting;
  mailFrom: string;
  /** The tutorial video the non-fiction screen embeds; without it the screen shows written steps. */
  tutorialVideoUrl?: string;
  sessionTtlMs: number;
  /** Sign-in and registration attempts per client address in ten minutes. */
  authRateLimit: number;
  cookieSecure: boolean;
  /** Proxies in front of the server whose X-Forwarded-For/-Proto are believed; 0 = none. */
  trustProxy: number;
  generationTimeoutMs: number;
  /** A running job's lease: a worker that stops heartbeating loses the job after this long. */
  jobLeaseMs: number;
  /** QR scans answered within this window are appended together (a crash loses at most this). */
  qrScanFlushMs: number;
  workerConcurrency: number;
  /**
   * The sweep of unreferenced blobs (worker role): how often, and how old a blob must be to be
   * looked at (a blob being written, or an upload whose code is still being made, is younger).
   */
  blobSweep: { intervalMs: number; graceMs: number };
  /** Start-up: tries per distributed engine, and the first pause between them (it doubles). */
  engineConnect: { attempts: number; delayMs: number; attemptTimeoutMs: number };
  /**
   * Run time: the longest wait on one call to PostgreSQL (a connection or a query), so that a hung
   * server fails a request with 503 instead of holding it for the whole outage.
   */
  engineCallTimeoutMs: number;
  /** Bearer token that /metrics asks for; without it /metrics is not served. */
  metricsToken?: string;
  /** Port of the projector, relay and worker processes' ops server (/api/health, /api/ready, /metrics). */
  opsPort: number;
  remoteUrls: Record<string, string>;
  /** The shell's files on their own service: its public address, and where the API reads its page. */
  shell?: { url: string; fetchUrl: string };
  webDistRoot: string;
  logLevel?: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface LoadOptions {
  /**
   * The one-process `npm start`: may fall back to the simulated gateway (its pages say so). Every
   * other entry point, and anything with NODE_ENV=production, must choose PAYMENTS explicitly, so
   * a forgotten variable cannot hand out free credits.
   */
  embedded?: boolean;
  /**
   * Whether this process takes payments (default true). Only the API's routes reach the payment
   * gateway: the projector, relay and worker start without PAYMENTS (a value given is still checked).
   */
  payments?: boolean;
}

/** Parses the environment; throws a ConfigError whose message names each bad variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: LoadOptions = {},
): Config {
  let e: yup.InferType<typeof schema>;
  // An empty variable is an unset one: compose writes `${OPENAI_API_KEY:-}` as "" when it is not given.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  try {
    e = schema.validateSync(given, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const lines = (error.inner.length > 0 ? error.inner : [error]).map(
      (issue) => `${issue.path}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const problems: string[] = [];

  const eventStore: EventStoreSetting = e.EVENT_STORE_URL?.startsWith('sqlite:')
    ? { kind: 'sqlite', file: path.resolve(e.EVENT_STORE_URL.slice('sqlite:'.length)) }
    : e.EVENT_STORE_URL && /^postgres(ql)?:/.test(e.EVENT_STORE_URL)
      ? { kind: 'postgres', url: e.EVENT_STORE_URL }
      : e.EVENT_STORE_URL
        ? { kind: 'kurrentdb', url: e.EVENT_STORE_URL }
        : { kind: 'sqlite', file: path.join(dataDir, 'events.db') };
  const readStore: ReadStoreSetting = e.READ_STORE_URL?.startsWith('sqlite:')
    ? { kind: 'sqlite', file: path.resolve(e.READ_STORE_URL.slice('sqlite:'.length)) }
    : e.READ_STORE_URL?.startsWith('postgres')
      ? { kind: 'postgres', url: e.READ_STORE_URL }
      : e.READ_STORE_URL
        ? { kind: 'mongodb', url: e.READ_STORE_URL }
        : { kind: 'sqlite', file: path.join(dataDir, 'read.db') };
  const bus: BusSetting = e.BUS_URL?.startsWith('kafka://')
    ? kafkaSetting(e.BUS_URL)
    : e.BUS_URL?.startsWith('nats://')
      ? natsSetting(e.BUS_URL)
      : { kind: 'memory' };
  const blobs: BlobSetting = e.BLOB_STORE_URL?.startsWith('file:')
    ? { kind: 'file', dir: path.resolve(e.BLOB_STORE_URL.slice('file:'.length)) }
    : e.BLOB_STORE_URL
      ? { kind: 'gridfs', url: e.BLOB_STORE_URL }
      : { kind: 'file', dir: path.join(dataDir, 'blobs') };

  const prices = e.AI_PRICES ? { prices: e.AI_PRICES } : {};
  let ai: Config['ai'] = { provider: 'offline', ...prices };
  if (e.AI_PROVIDER === 'openai') {
    if (!e.OPENAI_API_KEY) problems.push('OPENAI_API_KEY: required when AI_PROVIDER=openai');
    ai = {
      provider: 'openai',
      apiKey: e.OPENAI_API_KEY ?? '',
      ...(e.OPENAI_BASE_URL ? { baseURL: e.OPENAI_BASE_URL } : {}),
      textModel: e.OPENAI_TEXT_MODEL,
      imageModel: e.OPENAI_IMAGE_MODEL,
      ...prices,
    };
  }

  const mayDefaultPayments = options.embedded === true && env.NODE_ENV !== 'production';
  const takesPayments = options.payments ?? true;
  if (!e.PAYMENTS && !mayDefaultPayments && takesPayments) {
    problems.push('PAYMENTS: must be set (simulated or stripe) outside the embedded npm start');
  }
  const gateway = e.PAYMENTS ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'simulated');
  let payments: Config['payments'] = e.PAYMENTS || mayDefaultPayments ? { gateway: 'simulated' } : undefined;
  if (payments && gateway === 'stripe') {
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_BASIC',
      'STRIPE_PRICE_STANDARD',
      'STRIPE_PRICE_PREMIUM',
    ] as const) {
      if (!e[name]) problems.push(`${name}: required when PAYMENTS=stripe`);
    }
    payments = {
      gateway: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY ?? '',
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
      ...(e.STRIPE_PUBLISHABLE_KEY ? { publishableKey: e.STRIPE_PUBLISHABLE_KEY } : {}),
      prices: {
        basic: e.STRIPE_PRICE_BASIC ?? '',
        standard: e.STRIPE_PRICE_STANDARD ?? '',
        premium: e.STRIPE_PRICE_PREMIUM ?? '',
      },
    };
  }
  if (bus.kind === 'kafka' && bus.brokers.length === 0) problems.push('BUS_URL: names no broker');
  if (bus.kind === 'nats' && bus.servers.length === 0) problems.push('BUS_URL: names no server');
  // The server speaks plain HTTP: a Secure cookie can only be set behind a TLS proxy it trusts.
  if (e.COOKIE_SECURE === 'true' && e.TRUST_PROXY === 0)
    problems.push(
      'TRUST_PROXY: COOKIE_SECURE=true needs the TLS proxy in front trusted (TRUST_PROXY=1 or more)',
    );
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    eventStore,
    readStore,
    bus,
    blobs,
    ai,
    moderation: { outage: e.MODERATION_OUTAGE, kidsBookOutage: e.MODERATION_OUTAGE_KIDS_BOOK },
    aiConcurrency: e.AI_CONCURRENCY,
    aiCallsPerMinute: e.AI_CALLS_PER_MINUTE,
    ...(payments ? { payments } : {}),
    ...(e.PUBLIC_URL ? { publicUrl: e.PUBLIC_URL } : {}),
    mail: e.SMTP_URL
      ? { kind: 'smtp', url: e.SMTP_URL }
      : { kind: 'outbox', dir: path.join(dataDir, 'outbox') },
    mailFrom: e.MAIL_FROM,
    ...(e.TUTORIAL_VIDEO_URL ? { tutorialVideoUrl: e.TUTORIAL_VIDEO_URL } : {}),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600 * 1000,
    authRateLimit: e.AUTH_RATE_LIMIT,
    cookieSecure: e.COOKIE_SECURE === 'true',
    trustProxy: e.TRUST_PROXY,
    generationTimeoutMs: e.GENERATION_TIMEOUT_MS,
    jobLeaseMs: e.JOB_LEASE_MS,
    qrScanFlushMs: e.QR_SCAN_FLUSH_MS,
    workerConcurrency: e.WORKER_CONCURRENCY,
    blobSweep: { intervalMs: e.BLOB_SWEEP_INTERVAL_MS, graceMs: e.BLOB_SWEEP_GRACE_MS },
    engineConnect: {
      attempts: e.ENGINE_CONNECT_ATTEMPTS,
      delayMs: e.ENGINE_CONNECT_DELAY_MS,
      attemptTimeoutMs: e.ENGINE_CONNECT_TIMEOUT_MS,
    },
    engineCallTimeoutMs: e.ENGINE_CALL_TIMEOUT_MS,
    ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
    opsPort: e.OPS_PORT,
    remoteUrls: e.REMOTE_URLS ? (JSON.parse(e.REMOTE_URLS) as Record<string, string>) : {},
    ...(e.SHELL_URL ? { shell: { url: e.SHELL_URL, fetchUrl: e.SHELL_FETCH_URL ?? e.SHELL_URL } } : {}),
    ...(e.LOG_LEVEL ? { logLevel: e.LOG_LEVEL } : {}),
    webDistRoot: path.resolve(e.WEB_DIST_ROOT ?? path.join(__dirname, '../../..')),
  };
}
