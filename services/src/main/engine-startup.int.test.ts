import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logging';
import { tempDataDir } from '../testing/helpers';
import { openPlatform } from './platform';

/**
 * Start-up against engines that are not there: the real client libraries fail, and openPlatform
 * turns that into the one line an operator reads. Port 1 refuses on this machine; `.invalid`
 * never resolves; a plain TCP server stands in for an engine that speaks no TLS.
 */
jest.setTimeout(60_000);

const tmp = tempDataDir();
afterAll(() => tmp.remove());

const open = (env: Record<string, string>) =>
  openPlatform(
    loadConfig({
      DATA_DIR: tmp.dir,
      PAYMENTS: 'simulated',
      ENGINE_CONNECT_ATTEMPTS: '2',
      ENGINE_CONNECT_DELAY_MS: '10',
      ENGINE_CONNECT_TIMEOUT_MS: '1500',
      ...env,
    }),
    createLogger('silent'),
  );

/** Accepts connections and answers garbage: no TLS handshake can succeed against it. */
async function plainTcpServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.end('not tls\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('an engine unreachable at start-up gives one line: variable, host without credentials, cause', () => {
  it.each([
    [
      'EVENT_STORE_URL',
      'kurrentdb://admin:changeit@127.0.0.1:1?tls=false',
      'EVENT_STORE_URL: cannot reach KurrentDB at 127.0.0.1:1 (connection refused) after 2 attempts',
    ],
    [
      'READ_STORE_URL',
      'mongodb://ops:s3cret@127.0.0.1:1/studio?serverSelectionTimeoutMS=300',
      'READ_STORE_URL: cannot reach MongoDB at 127.0.0.1:1 (connection refused) after 2 attempts',
    ],
    [
      'READ_STORE_URL',
      'postgres://ops:s3cret@127.0.0.1:1/studio',
      'READ_STORE_URL: cannot reach PostgreSQL at 127.0.0.1:1 (connection refused) after 2 attempts',
    ],
    [
      'BLOB_STORE_URL',
      'mongodb://ops:s3cret@127.0.0.1:1/studio?serverSelectionTimeoutMS=300',
      'BLOB_STORE_URL: cannot reach MongoDB at 127.0.0.1:1 (connection refused) after 2 attempts',
    ],
    [
      'BUS_URL',
      'kafka://127.0.0.1:1',
      'BUS_URL: cannot reach Kafka at 127.0.0.1:1 (connection refused) after 2 attempts',
    ],
    [
      'EVENT_STORE_URL',
      'postgres://studio:s3cret@127.0.0.1:1/studio',
      'EVENT_STORE_URL: cannot reach PostgreSQL at 127.0.0.1:1 (connection refused) after 2 attempts',
    ],
    [
      'BUS_URL',
      'nats://127.0.0.1:1',
      'BUS_URL: cannot reach NATS at 127.0.0.1:1 (connection refused) after 2 attempts',
    ],
  ])('%s refused', async (variable, url, line) => {
    await expect(open({ [variable]: url })).rejects.toThrow(new Error(line));
  });

  it.each([
    [
      'EVENT_STORE_URL',
      'kurrentdb://no-such-host.invalid:2113?tls=false',
      'EVENT_STORE_URL: cannot reach KurrentDB at no-such-host.invalid:2113 (DNS lookup failed) after 2 attempts',
    ],
    [
      'READ_STORE_URL',
      'mongodb://no-such-host.invalid:27017/studio?serverSelectionTimeoutMS=300',
      'READ_STORE_URL: cannot reach MongoDB at no-such-host.invalid:27017 (DNS lookup failed) after 2 attempts',
    ],
  ])('%s with a host that does not resolve', async (variable, url, line) => {
    await expect(open({ [variable]: url })).rejects.toThrow(new Error(line));
  });

  it('KurrentDB and MongoDB asked for TLS by a server that speaks none', async () => {
    const server = await plainTcpServer();
    try {
      await expect(open({ EVENT_STORE_URL: `kurrentdb://127.0.0.1:${server.port}` })).rejects.toThrow(
        new Error(
          `EVENT_STORE_URL: cannot reach KurrentDB at 127.0.0.1:${server.port} (TLS handshake failed) after 2 attempts`,
        ),
      );
      await expect(
        open({
          READ_STORE_URL: `mongodb://127.0.0.1:${server.port}/studio?tls=true&serverSelectionTimeoutMS=300`,
        }),
      ).rejects.toThrow(
        new Error(
          `READ_STORE_URL: cannot reach MongoDB at 127.0.0.1:${server.port} (TLS handshake failed) after 1 attempt`,
        ),
      );
    } finally {
      await server.close();
    }
  });

  it('a distributed process exits 1 printing only that line', async () => {
    const entry = path.join(__dirname, 'relay.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: path.join(__dirname, '../../..'),
      env: {
        ...process.env,
        DATA_DIR: tmp.dir,
        PAYMENTS: 'simulated',
        EVENT_STORE_URL: 'kurrentdb://admin:changeit@127.0.0.1:1?tls=false',
        ENGINE_CONNECT_ATTEMPTS: '2',
        ENGINE_CONNECT_DELAY_MS: '10',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe(
      'relay cannot start: EVENT_STORE_URL: cannot reach KurrentDB at 127.0.0.1:1 (connection refused) after 2 attempts\n',
    );
  });
});
