import net from 'node:net';

/**
 * Tests only: a TCP proxy in front of a server (PostgreSQL in the outage drill) that a test can
 * cut. `refuse()` resets every connection and refuses new ones (a server that went away);
 * `blackhole()` stops every byte in both directions on open connections and accepts new ones
 * without ever answering (a network that drops packets: the peer notices nothing); `restore()`
 * lets traffic flow again (held connections go on where they stopped, as TCP would).
 */
export interface TcpProxy {
  port: number;
  refuse(): Promise<void>;
  blackhole(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream?: net.Socket;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let mode: 'open' | 'refusing' | 'blackholed' = 'open';

  const connectUpstream = (pair: Pair) => {
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
  };

  const onConnection = (client: net.Socket) => {
    const pair: Pair = { client };
    pairs.add(pair);
    client.on('error', () => pair.upstream?.destroy());
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (mode === 'blackholed') client.pause();
    else connectUpstream(pair);
  };

  let server = net.createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer(onConnection);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    port,
    async refuse() {
      mode = 'refusing';
      const closed = stopListening();
      for (const pair of pairs) {
        pair.client.resetAndDestroy();
        pair.upstream?.destroy();
      }
      pairs.clear();
      await closed;
    },
    blackhole() {
      mode = 'blackholed';
      for (const pair of pairs) {
        pair.client.unpipe();
        pair.upstream?.unpipe();
        pair.client.pause();
        pair.upstream?.pause();
      }
    },
    async restore() {
      if (mode === 'refusing') await listen();
      if (mode === 'blackholed') {
        for (const pair of pairs) {
          if (!pair.upstream) {
            connectUpstream(pair);
            pair.client.resume();
            continue;
          }
          pair.client.pipe(pair.upstream);
          pair.upstream.pipe(pair.client);
          pair.client.resume();
          pair.upstream.resume();
        }
      }
      mode = 'open';
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      if (mode !== 'refusing') await stopListening();
    },
  };
}
