/**
 * Start-up failures against the distributed engines, each told in one line an operator can act
 * on: the variable, the host (never the credentials) and the cause.
 */
export type Cause =
  | 'connection refused'
  | 'DNS lookup failed'
  | 'TLS handshake failed'
  | 'authentication failed'
  | 'timed out';

export class EngineStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineStartError';
  }
}

/** A topic the Kafka bus needs could not be created (ACLs, replication factor, auto-creation policy). */
export class TopicCreationError extends EngineStartError {
  constructor(
    readonly topic: string,
    brokers: string[],
    readonly reason: unknown,
  ) {
    super(
      `BUS_URL: Kafka at ${brokers.join(',')} cannot create topic "${topic}" (${detail(reason)}); ` +
        'create it or allow the client to',
    );
    this.name = 'TopicCreationError';
  }
}

/** The hosts a connection string names, without user, password or query. */
export function hostsOf(url: string): string {
  const rest = url.replace(/^[a-z0-9+]+:\/\//i, '');
  const authority = rest.split(/[/?#]/)[0] ?? '';
  const at = authority.lastIndexOf('@');
  return at >= 0 ? authority.slice(at + 1) : authority;
}

/** Removes credentials anywhere in a message (a driver may quote the connection string). */
export function withoutCredentials(text: string): string {
  return text.replace(/(\b[a-z0-9+]+:\/\/)[^@/\s]*@/gi, '$1');
}

const TLS_CODES =
  /^(ERR_SSL_|ERR_TLS_|EPROTO$|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_(VERIFY|GET)_)/;
const AUTH_CLASSES = new Set([
  'KafkaJSSASLAuthenticationError',
  'AccessDeniedError',
  'MongoMissingCredentialsError',
]);

/**
 * The cause of a connection failure, read from the client library's error and everything it
 * wraps (cause, reason.servers, originalError), or undefined when the error does not say.
 */
export function causeOf(error: unknown, seen = new Set<unknown>()): Cause | undefined {
  if (typeof error !== 'object' || error === null || seen.has(error)) return undefined;
  seen.add(error);
  const e = error as Record<string, unknown>;
  const className = (error as { constructor?: { name?: string } }).constructor?.name ?? '';
  const code = typeof e.code === 'string' ? e.code : undefined;
  const message = typeof e.message === 'string' ? e.message : '';
  if (AUTH_CLASSES.has(className) || e.codeName === 'AuthenticationFailed' || e.code === 18)
    return 'authentication failed';
  if (e.type === 'access-denied' || /authentication failed|SASL|not authenticated/i.test(message))
    return 'authentication failed';
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message)) return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || /ENOTFOUND|EAI_AGAIN/.test(message))
    return 'DNS lookup failed';
  if ((code && TLS_CODES.test(code)) || /\b(SSL|TLS)\b|certificate/i.test(message))
    return 'TLS handshake failed';
  const nested: unknown[] = [e.cause, e.originalError, e._raw];
  const servers = (e.reason as { servers?: Map<string, { error?: unknown }> } | undefined)?.servers;
  if (servers instanceof Map) for (const server of servers.values()) nested.push(server.error);
  for (const inner of nested) {
    const found = causeOf(inner, seen);
    if (found) return found;
  }
  if (code === 'ETIMEDOUT' || /timed? ?out/i.test(message)) return 'timed out';
  return undefined;
}

/** A short description of an error for the one line: its class and message, credentials removed. */
export function detail(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const name = error.constructor.name;
  const message = error.message && error.message !== name ? `: ${error.message}` : '';
  return withoutCredentials(`${name}${message}`).split('\n')[0] ?? name;
}
