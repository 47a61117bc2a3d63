import { AccessDeniedError, UnavailableError } from '@kurrent/kurrentdb-client';
import {
  KafkaJSConnectionError,
  KafkaJSError,
  KafkaJSNumberOfRetriesExceeded,
  KafkaJSSASLAuthenticationError,
} from 'kafkajs';
import { MongoServerError, MongoServerSelectionError } from 'mongodb';
import { connectWithRetry } from './connect';
import { causeOf, detail, EngineStartError, hostsOf, TopicCreationError } from './failure';
import { requireReplicaSet } from './mongo-replica-set';

const policy = { attempts: 3, delayMs: 1 };
const target = {
  variable: 'READ_STORE_URL',
  engine: 'MongoDB',
  url: 'mongodb://ops:s3cret@db.internal:27017/studio',
  tls: false,
};

describe("start-up failure messages (the client libraries' own error types)", () => {
  it('names the hosts without user, password, path or query', () => {
    expect(hostsOf('mongodb://ops:s3cret@a:27017,b:27018/studio?replicaSet=rs0')).toBe('a:27017,b:27018');
    expect(hostsOf('kurrentdb://admin:changeit@es.local:2113?tls=false')).toBe('es.local:2113');
    expect(hostsOf('kafka://k1:9092,k2:9092')).toBe('k1:9092,k2:9092');
  });

  it("reads the cause from each driver's error and what it wraps", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:27017'), { code: 'ECONNREFUSED' });
    const selection = new MongoServerSelectionError('Server selection timed out', {
      type: 'Unknown',
      servers: new Map([['db:27017', { error: refused }]]),
    } as never);
    expect(causeOf(selection)).toBe('connection refused');
    const dns = new KafkaJSConnectionError('Connection error: getaddrinfo ENOTFOUND kafka');
    expect(causeOf(new KafkaJSNumberOfRetriesExceeded(dns, { retryCount: 5, retryTime: 300 }))).toBe(
      'DNS lookup failed',
    );
    const tls = Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(causeOf(Object.assign(new Error('wrapped'), { cause: tls }))).toBe('TLS handshake failed');
    expect(
      causeOf(
        new MongoServerError({
          code: 18,
          codeName: 'AuthenticationFailed',
          errmsg: 'Authentication failed.',
        }),
      ),
    ).toBe('authentication failed');
    expect(
      causeOf(
        new (KafkaJSSASLAuthenticationError as new (message: string) => Error)('SASL SCRAM-SHA-256 failed'),
      ),
    ).toBe('authentication failed');
    expect(causeOf(new AccessDeniedError())).toBe('authentication failed');
    // The KurrentDB client says only "UnavailableError": the network probe has to find out.
    expect(causeOf(new UnavailableError())).toBeUndefined();
  });

  it('gives up on an auth failure at once and says so in one line without the password', async () => {
    let attempts = 0;
    const failing = connectWithRetry(target, policy, async () => {
      attempts += 1;
      throw new MongoServerError({
        code: 18,
        codeName: 'AuthenticationFailed',
        errmsg: 'Authentication failed.',
      });
    });
    await expect(failing).rejects.toThrow(
      new EngineStartError(
        'READ_STORE_URL: cannot reach MongoDB at db.internal:27017 (authentication failed) after 1 attempt',
      ),
    );
    expect(attempts).toBe(1);
  });

  it('retries an engine that is not up yet and returns it once it answers', async () => {
    let attempts = 0;
    const opened = await connectWithRetry(target, { attempts: 5, delayMs: 1 }, async () => {
      attempts += 1;
      if (attempts < 3) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      return 'connected';
    });
    expect(opened).toBe('connected');
    expect(attempts).toBe(3);
  });

  it('stops after the bounded number of attempts, backing off between them', async () => {
    const started = Date.now();
    let attempts = 0;
    await expect(
      connectWithRetry(target, { attempts: 4, delayMs: 20 }, async () => {
        attempts += 1;
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      }),
    ).rejects.toThrow(
      /^READ_STORE_URL: cannot reach MongoDB at db\.internal:27017 \(connection refused\) after 4 attempts$/,
    );
    expect(attempts).toBe(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(20 + 40 + 80);
  });

  it('a MongoDB without a replica set is refused with what to do', () => {
    expect(() => requireReplicaSet({}, 'READ_STORE_URL', target.url)).toThrow(
      'READ_STORE_URL: MongoDB at db.internal:27017 is not a replica set (transactions need one); start mongod with --replSet rs0 and run rs.initiate() once',
    );
    expect(() => requireReplicaSet({ setName: 'rs0' }, 'READ_STORE_URL', target.url)).not.toThrow();
  });

  it("a Kafka topic that cannot be created names the topic, the brokers and the broker's reason", () => {
    const error = new TopicCreationError(
      'generation-jobs',
      ['kafka:9092'],
      new KafkaJSError('Topic authorization failed'),
    );
    expect(error.message).toBe(
      'BUS_URL: Kafka at kafka:9092 cannot create topic "generation-jobs" (KafkaJSError: Topic authorization failed); create it or allow the client to',
    );
    expect(error).toBeInstanceOf(EngineStartError);
  });

  it('never prints a password a driver quoted', () => {
    expect(detail(new Error('failed mongodb://ops:s3cret@db:27017/x'))).toBe(
      'Error: failed mongodb://db:27017/x',
    );
  });
});
