import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting comes from the environment and is validated once at start-up. The embedded
 * defaults need no variable at all and keep their data in DATA_DIR (./data).
 */
const optionalUrl = z.string().trim().min(1).optional();

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  EVENT_STORE_URL: z
    .string()
    .regex(
      /^(sqlite:.+|kurrentdb(\+discover)?:\/\/.+|esdb(\+discover)?:\/\/.+)$/,
      'must be sqlite:<file> or kurrentdb://…',
    )
    .optional(),
  READ_STORE_URL: z
    .string()
    .regex(/^(sqlite:.+|mongodb(\+srv)?:\/\/.+)$/, 'must be sqlite:<file> or mongodb://…')
    .optional(),
  BUS_URL: z
    .string()
    .regex(/^(memory:|kafka:\/\/.+)$/, 'must be memory: or kafka://host:port[,host:port]')
    .optional(),
  BLOB_STORE_URL: z
    .string()
    .regex(/^(file:.+|mongodb(\+srv)?:\/\/.+)$/, 'must be file:<folder> or mongodb://…')
    .optional(),
  AI_PROVIDER: z.enum(['offline', 'openai']).default('offline'),
  OPENAI_API_KEY: optionalUrl,
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_TEXT_MODEL: z.string().default('gpt-4o-mini'),
  OPENAI_IMAGE_MODEL: z.string().default('gpt-image-1'),
  PAYMENTS: z.enum(['simulated', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optionalUrl,
  STRIPE_WEBHOOK_SECRET: optionalUrl,
  STRIPE_PUBLISHABLE_KEY: optionalUrl,
  STRIPE_PRICE_BASIC: optionalUrl,
  STRIPE_PRICE_STANDARD: optionalUrl,
  STRIPE_PRICE_PREMIUM: optionalUrl,
  PUBLIC_URL: z.url().optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 14),
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  GENERATION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 60 * 1000),
  JOB_LEASE_MS: z.coerce.number().int().min(100).default(45_000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  REMOTE_URLS: z
    .string()
    .optional()
    .refine((v) => v === undefined || isStringMap(v), 'must be a JSON object of remote name to manifest URL'),
  WEB_DIST_ROOT: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
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

export type EventStoreSetting = { kind: 'sqlite'; file: string } | { kind: 'kurrentdb'; url: string };
export type ReadStoreSetting = { kind: 'sqlite'; file: string } | { kind: 'mongodb'; url: string };
export type BusSetting = { kind: 'memory' } | { kind: 'kafka'; brokers: string[] };
export type BlobSetting = { kind: 'file'; dir: string } | { kind: 'gridfs'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  eventStore: EventStoreSetting;
  readStore: ReadStoreSetting;
  bus: BusSetting;
  blobs: BlobSetting;
  ai:
    | { provider: 'offline' }
    | { provider: 'openai'; apiKey: string; baseURL?: string; textModel: string; imageModel: string };
  payments:
    | { gateway: 'simulated' }
    | {
        gateway: 'stripe';
        secretKey: string;
        webhookSecret: string;
        publishableKey?: string;
        prices: { basic: string; standard: string; premium: string };
      };
  publicUrl?: string;
  sessionTtlMs: number;
  /** Sign-in and registration attempts per client address in ten minutes. */
  authRateLimit: number;
  cookieSecure: boolean;
  generationTimeoutMs: number;
  /** A running job's lease: a worker that stops heartbeating loses the job after this long. */
  jobLeaseMs: number;
  workerConcurrency: number;
  remoteUrls: Record<string, string>;
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
}

/** Parses the environment; throws a ConfigError whose message names each bad variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: LoadOptions = {},
): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const problems: string[] = [];

  const eventStore: EventStoreSetting = e.EVENT_STORE_URL?.startsWith('sqlite:')
    ? { kind: 'sqlite', file: path.resolve(e.EVENT_STORE_URL.slice('sqlite:'.length)) }
    : e.EVENT_STORE_URL
      ? { kind: 'kurrentdb', url: e.EVENT_STORE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'events.db') };
  const readStore: ReadStoreSetting = e.READ_STORE_URL?.startsWith('sqlite:')
    ? { kind: 'sqlite', file: path.resolve(e.READ_STORE_URL.slice('sqlite:'.length)) }
    : e.READ_STORE_URL
      ? { kind: 'mongodb', url: e.READ_STORE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'read.db') };
  const bus: BusSetting = e.BUS_URL?.startsWith('kafka://')
    ? { kind: 'kafka', brokers: e.BUS_URL.slice('kafka://'.length).split(',').filter(Boolean) }
    : { kind: 'memory' };
  const blobs: BlobSetting = e.BLOB_STORE_URL?.startsWith('file:')
    ? { kind: 'file', dir: path.resolve(e.BLOB_STORE_URL.slice('file:'.length)) }
    : e.BLOB_STORE_URL
      ? { kind: 'gridfs', url: e.BLOB_STORE_URL }
      : { kind: 'file', dir: path.join(dataDir, 'blobs') };

  let ai: Config['ai'] = { provider: 'offline' };
  if (e.AI_PROVIDER === 'openai') {
    if (!e.OPENAI_API_KEY) problems.push('OPENAI_API_KEY: required when AI_PROVIDER=openai');
    ai = {
      provider: 'openai',
      apiKey: e.OPENAI_API_KEY ?? '',
      ...(e.OPENAI_BASE_URL ? { baseURL: e.OPENAI_BASE_URL } : {}),
      textModel: e.OPENAI_TEXT_MODEL,
      imageModel: e.OPENAI_IMAGE_MODEL,
    };
  }

  const mayDefaultPayments = options.embedded === true && env.NODE_ENV !== 'production';
  if (!e.PAYMENTS && !mayDefaultPayments) {
    problems.push('PAYMENTS: must be set (simulated or stripe) outside the embedded npm start');
  }
  const gateway = e.PAYMENTS ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'simulated');
  let payments: Config['payments'] = { gateway: 'simulated' };
  if (gateway === 'stripe') {
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
    payments,
    ...(e.PUBLIC_URL ? { publicUrl: e.PUBLIC_URL } : {}),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600 * 1000,
    authRateLimit: e.AUTH_RATE_LIMIT,
    cookieSecure: e.COOKIE_SECURE === 'true',
    generationTimeoutMs: e.GENERATION_TIMEOUT_MS,
    jobLeaseMs: e.JOB_LEASE_MS,
    workerConcurrency: e.WORKER_CONCURRENCY,
    remoteUrls: e.REMOTE_URLS ? (JSON.parse(e.REMOTE_URLS) as Record<string, string>) : {},
    ...(e.LOG_LEVEL ? { logLevel: e.LOG_LEVEL } : {}),
    webDistRoot: path.resolve(e.WEB_DIST_ROOT ?? path.join(__dirname, '../../..')),
  };
}
