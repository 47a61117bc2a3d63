import { lookup } from 'node:dns/promises';
import net from 'node:net';
import tls from 'node:tls';
import type { Cause } from './failure';

/**
 * Finds out ourselves why a host cannot be reached, for clients that hide it (the KurrentDB client
 * reports only "UnavailableError"): DNS, then TCP, then (when the connection string asks for it)
 * a TLS handshake. Undefined when all of them work.
 */
export async function probeHost(
  hostPort: string,
  useTls: boolean,
  timeoutMs = 2000,
): Promise<Cause | undefined> {
  const [host = '', portText] = splitHostPort(hostPort);
  const port = Number(portText);
  try {
    await lookup(host);
  } catch {
    return 'DNS lookup failed';
  }
  if (!Number.isInteger(port) || port <= 0) return undefined;
  return new Promise((resolve) => {
    const done = (cause: Cause | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(cause);
    };
    const socket = useTls
      ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host, rejectUnauthorized: true })
      : net.connect({ host, port });
    const timer = setTimeout(() => done('timed out'), timeoutMs);
    socket.once(useTls ? 'secureConnect' : 'connect', () => done(undefined));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') done('connection refused');
      else if (error.code === 'ETIMEDOUT') done('timed out');
      else if (useTls) done('TLS handshake failed');
      else done(undefined);
    });
  });
}

function splitHostPort(hostPort: string): [string, string | undefined] {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(hostPort);
  if (bracketed) return [bracketed[1] ?? '', bracketed[2]];
  const colon = hostPort.lastIndexOf(':');
  return colon > 0 ? [hostPort.slice(0, colon), hostPort.slice(colon + 1)] : [hostPort, undefined];
}
