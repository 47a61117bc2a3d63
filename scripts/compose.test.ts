import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../services/src/platform/config';

/**
 * The distributed deployment as docker-compose.yml describes it, checked without Docker: health
 * checks everywhere, processes that wait for healthy engines, data on named volumes, secrets only
 * from the environment, and an environment each process can start with.
 */
interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number>;
  healthcheck?: { test?: string[] | string; interval?: string };
  depends_on?: Record<string, { condition?: string }>;
  volumes?: string[];
}

const compose = parse(readFileSync(path.join(__dirname, '../docker-compose.yml'), 'utf8'), {
  merge: true,
}) as {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
};
const ENGINES = ['kurrentdb', 'mongo', 'kafka'];
const PROCESSES = ['api', 'projector', 'relay', 'worker'];
const SECRET = /SECRET|PASSWORD|TOKEN|API_KEY|PRIVATE/;

/** Compose's interpolation: ${X}, ${X:-default}, ${X-default}, ${X:?message}, ${X?message}. */
function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?:(:?)([-?])([^}]*))?\}/g,
    (_, name: string, colon: string, op: string, arg: string) => {
      const set = env[name];
      const missing = set === undefined || (colon === ':' && set === '');
      if (op === '?' && missing) throw new Error(`${name}: ${arg}`);
      if (op === '-' && missing) return arg;
      return set ?? '';
    },
  );
}
const environmentOf = (service: Service, operator: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [
      name,
      interpolate(String(value), operator),
    ]),
  );

describe('docker-compose.yml', () => {
  it('declares the three engines and the four processes', () => {
    expect(Object.keys(compose.services).sort()).toEqual([...ENGINES, ...PROCESSES].sort());
  });

  it.each([...ENGINES, ...PROCESSES])('%s has a health check', (name) => {
    const test = compose.services[name]?.healthcheck?.test;
    expect(Array.isArray(test) ? test.join(' ') : test).toEqual(expect.stringMatching(/\S/));
  });

  it.each(PROCESSES)('%s checks its readiness on the port it serves it on', (name) => {
    const service = compose.services[name] as Service;
    const env = environmentOf(service, { PAYMENTS: 'simulated' });
    const port = name === 'api' ? env.PORT : env.OPS_PORT;
    const test = service.healthcheck?.test;
    expect(Array.isArray(test) ? test.join(' ') : test).toContain(`http://localhost:${port}/api/ready`);
  });

  it.each(PROCESSES)('%s starts only once every engine is healthy', (name) => {
    const dependsOn = compose.services[name]?.depends_on ?? {};
    for (const engine of ENGINES) expect(dependsOn[engine]).toEqual({ condition: 'service_healthy' });
  });

  it.each(ENGINES)('%s keeps its data on a named volume', (name) => {
    const mounts = compose.services[name]?.volumes ?? [];
    expect(mounts.length).toBeGreaterThan(0);
    for (const mount of mounts) {
      const source = mount.split(':')[0] ?? '';
      expect(source).not.toMatch(/^[./~]/);
      expect(Object.keys(compose.volumes ?? {})).toContain(source);
    }
  });

  it.each(PROCESSES)('%s takes every secret from the environment, never from the file', (name) => {
    const env = compose.services[name]?.environment ?? {};
    const secrets = Object.entries(env).filter(([variable]) => SECRET.test(variable));
    expect(secrets.map(([variable]) => variable)).toEqual(
      expect.arrayContaining(['STRIPE_SECRET_KEY', 'METRICS_TOKEN']),
    );
    for (const [variable, value] of secrets)
      expect(String(value)).toMatch(new RegExp(`^\\$\\{${variable}(:?[-?][^}]*)?\\}$`));
  });

  it.each(PROCESSES)(
    '%s gets every variable it needs: its configuration loads, on the distributed engines',
    (name) => {
      const env = environmentOf(compose.services[name] as Service, { PAYMENTS: 'simulated' });
      const config = loadConfig(env);
      expect(config.eventStore.kind).toBe('kurrentdb');
      expect(config.readStore.kind).toBe('mongodb');
      expect(config.bus.kind).toBe('kafka');
      expect(config.blobs.kind).toBe('gridfs');
      expect(config.payments.gateway).toBe('simulated');
      expect(config.host).toBe('0.0.0.0');
    },
  );

  it('refuses to start without PAYMENTS (required outside the embedded npm start)', () => {
    expect(() => environmentOf(compose.services.api as Service, {})).toThrow(
      /^PAYMENTS: set PAYMENTS=simulated/,
    );
  });

  it('a Stripe deployment needs its keys from the environment', () => {
    const env = environmentOf(compose.services.api as Service, { PAYMENTS: 'stripe' });
    expect(() => loadConfig(env)).toThrow(/STRIPE_SECRET_KEY: required when PAYMENTS=stripe/);
    const withKeys = environmentOf(compose.services.api as Service, {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_BASIC: 'price_b',
      STRIPE_PRICE_STANDARD: 'price_s',
      STRIPE_PRICE_PREMIUM: 'price_p',
    });
    expect(loadConfig(withKeys).payments.gateway).toBe('stripe');
  });
});

describe('.dockerignore', () => {
  /** Docker's rule: a pattern (`**` any directories, `*` within one name) excludes a path or a folder of it. */
  const patterns = readFileSync(path.join(__dirname, '../.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((glob) => {
      const source = glob
        .split(/(\*\*\/|\*)/)
        .map((part) =>
          part === '**/' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('');
      return new RegExp(`^${source}$`);
    });
  const excluded = (file: string) => {
    const parts = file.split('/');
    return parts.some((_, i) => patterns.some((p) => p.test(parts.slice(0, i + 1).join('/'))));
  };

  it.each([
    'data/events.db',
    'data/blobs/gen-1-output.png',
    '.env',
    '.env.production',
    'services/.env.local',
    'node_modules/koa/package.json',
    'mfe-qr/node_modules/x/index.js',
    '.git/HEAD',
    'shell/dist/index.html',
    'test-results/run/trace.zip',
    'playwright-report/index.html',
    'reports/mutation.html',
    '.stryker-tmp/sandbox/x.ts',
    'storybook-static/index.html',
  ])('keeps %s out of the image', (file) => {
    expect(excluded(file)).toBe(true);
  });

  it.each([
    'package.json',
    'package-lock.json',
    'services/package.json',
    'services/src/main/api.ts',
    'events/src/index.ts',
    'shell/src/main.tsx',
    'kit/src/index.ts',
    'scripts/build-web.ts',
    'tsconfig.base.json',
  ])('still sends %s, which the build needs', (file) => {
    expect(excluded(file)).toBe(false);
  });
});
