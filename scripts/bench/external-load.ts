// Load from another process, the way a load tester drives a server: a client in the server's own
// process shares its one thread and caps both sides. wrk when it is installed (2 threads, 50
// connections), else autocannon in a child process with the same connections.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const CONNECTIONS = 50;

export interface ExternalLoad {
  requests: number;
  seconds: number;
  /** 99th percentile latency of this run, ms. */
  p99: number;
  /** Socket errors and answers outside 2xx/3xx. */
  errors: number;
  /** CPU of the server process (this one) over the run, µs. */
  cpuMicros: number;
}

const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((file) => existsSync(file));
/** Its command line, run as a script (its main module is the CLI when run directly). */
const AUTOCANNON = require.resolve('autocannon');

/** Which client drives the load, for the table. */
export const loadTool = WRK ? 'wrk -t2 -c50' : 'autocannon -c50 (child process)';

/** `url` under load for `seconds` (whole seconds: wrk's unit) with a phone's User-Agent. */
export async function externalLoad(url: string, seconds: number): Promise<ExternalLoad> {
  const cpu = process.cpuUsage();
  const result = WRK ? await wrk(url, seconds) : await autocannon(url, seconds);
  const used = process.cpuUsage(cpu);
  return { ...result, cpuMicros: used.user + used.system };
}

const MS_PER_UNIT: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

async function wrk(url: string, seconds: number): Promise<Omit<ExternalLoad, 'cpuMicros'>> {
  const { stdout } = await run(WRK as string, [
    '-t2',
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    '--latency',
    '-H',
    `User-Agent: ${PHONE_UA}`,
    url,
  ]);
  const done = /(\d+) requests in ([\d.]+)(us|ms|s|m)/.exec(stdout);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s|m)/m.exec(stdout);
  if (!done || !p99) throw new Error(`Unreadable wrk output:\n${stdout}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  const bad = /Non-2xx or 3xx responses: (\d+)/.exec(stdout);
  return {
    requests: Number(done[1]),
    seconds: (Number(done[2]) * (MS_PER_UNIT[done[3] as string] ?? 1)) / 1000,
    p99: Number(p99[1]) * (MS_PER_UNIT[p99[2] as string] ?? 1),
    errors: (socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0) + Number(bad?.[1] ?? 0),
  };
}

async function autocannon(url: string, seconds: number): Promise<Omit<ExternalLoad, 'cpuMicros'>> {
  const { stdout } = await run(process.execPath, [
    AUTOCANNON,
    '-c',
    String(CONNECTIONS),
    '-d',
    String(seconds),
    '-j',
    '-H',
    `User-Agent=${PHONE_UA}`,
    url,
  ]);
  const report = JSON.parse(stdout) as {
    requests: { total: number };
    duration: number;
    latency: { p99: number };
    errors: number;
    non2xx: number;
  };
  // A redirect is a 3xx: autocannon counts it with the non-2xx, so only errors count here.
  return {
    requests: report.requests.total,
    seconds: report.duration,
    p99: report.latency.p99,
    errors: report.errors,
  };
}
