import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../services/src/platform/config';
import { REMOTE_FOLDERS, remoteOrigins } from '../services/src/platform/http/frontends';

/**
 * The distributed deployment as docker-compose.yml describes it, checked without Docker: health
 * checks everywhere, processes that wait for healthy engines, data on named volumes, secrets only
 * from the environment, and an environment each process can start with.
 */
interface Service {
  image?: string;
  build?: { context?: string; target?: string; args?: Record<string, string> };
  command?: string[];
  ports?: string[];
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
/** Each remote's static service, named after it (REMOTE_FOLDERS: name → workspace folder). */
const REMOTES = Object.keys(REMOTE_FOLDERS).map((name) => `remote-${name}`);
/** The static services: the shell's files and each remote. */
const FRONT_ENDS = ['shell', ...REMOTES];
const publishedPort = (service: string) => compose.services[service]?.ports?.[0]?.split(':')[0];
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
  it("declares the three engines, the four processes and a static service for the shell's files and each remote", () => {
    expect(Object.keys(compose.services).sort()).toEqual([...ENGINES, ...PROCESSES, ...FRONT_ENDS].sort());
  });

  it.each([...ENGINES, ...PROCESSES, ...FRONT_ENDS])('%s has a health check', (name) => {
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
      expect(config.payments?.gateway).toBe('simulated');
      expect(config.host).toBe('0.0.0.0');
    },
  );

  it('runs no TypeScript loader and no npx anywhere', () => {
    const text = readFileSync(path.join(__dirname, '../docker-compose.yml'), 'utf8');
    expect(text).not.toMatch(/\b(tsx|npx)\b/);
  });

  it.each(PROCESSES)('%s runs its own compiled bundle with plain node, from the backend image', (name) => {
    const service = compose.services[name] as Service;
    expect(service.command).toEqual(['node', '--enable-source-maps', `services/dist/main/${name}.js`]);
    expect(service.build?.target).toBe('backend');
  });

  it.each(Object.entries(REMOTE_FOLDERS))(
    'remote %s is its own static image of %s, published on a port of its own',
    (name, folder) => {
      const service = compose.services[`remote-${name}`] as Service;
      expect(service.build).toEqual({ context: '.', target: 'web', args: { APP: folder } });
      expect(service.image).toBe(`studio-remote-${name}`);
      const published = FRONT_ENDS.map(publishedPort);
      expect(new Set(published).size).toBe(FRONT_ENDS.length);
      expect(String(service.healthcheck?.test)).toContain('/healthz');
    },
  );

  it("points the API's REMOTE_URLS at each remote's published origin, and the CSP at exactly those", () => {
    const config = loadConfig(environmentOf(compose.services.api as Service, { PAYMENTS: 'simulated' }));
    expect(Object.keys(config.remoteUrls).sort()).toEqual(Object.keys(REMOTE_FOLDERS).sort());
    for (const [name, url] of Object.entries(config.remoteUrls)) {
      const port = compose.services[`remote-${name}`]?.ports?.[0]?.split(':')[0];
      expect(url).toBe(`http://localhost:${port}/mf-manifest.json`);
    }
    expect(remoteOrigins(config.remoteUrls).sort()).toEqual(
      REMOTES.map(
        (remote) => `http://localhost:${compose.services[remote]?.ports?.[0]?.split(':')[0]}`,
      ).sort(),
    );
    const moved = environmentOf(compose.services.api as Service, {
      PAYMENTS: 'simulated',
      QR_REMOTE_ORIGIN: 'https://qr.studio.example',
    });
    expect(loadConfig(moved).remoteUrls.qr).toBe('https://qr.studio.example/mf-manifest.json');
  });

  it("the shell's files are a static image of their own; the API sends its page from them", () => {
    const shell = compose.services.shell as Service;
    expect(shell.build).toEqual({ context: '.', target: 'web', args: { APP: 'shell' } });
    const config = loadConfig(environmentOf(compose.services.api as Service, { PAYMENTS: 'simulated' }));
    expect(config.shell).toEqual({
      url: `http://localhost:${publishedPort('shell')}`,
      // Inside the compose network: the service's name and the port its server listens on.
      fetchUrl: 'http://shell:8080',
    });
    const moved = environmentOf(compose.services.api as Service, {
      PAYMENTS: 'simulated',
      SHELL_ORIGIN: 'https://files.studio.example',
    });
    expect(loadConfig(moved).shell?.url).toBe('https://files.studio.example');
  });

  it.each(FRONT_ENDS)("%s lets exactly the app's origin read its files", (name) => {
    const service = compose.services[name] as Service;
    expect(environmentOf(service, {}).ALLOW_ORIGINS).toBe('http://localhost:8080');
    expect(environmentOf(service, { PUBLIC_URL: 'https://studio.example' }).ALLOW_ORIGINS).toBe(
      'https://studio.example',
    );
  });

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
    expect(loadConfig(withKeys).payments?.gateway).toBe('stripe');
  });
});

describe('Dockerfile', () => {
  /** Its stages in order: base image, name, and the instructions (continued lines joined). */
  const stages = readFileSync(path.join(__dirname, '../Dockerfile'), 'utf8')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'))
    .reduce<Array<{ from: string; name: string; lines: string[] }>>((all, line) => {
      const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
      if (from) all.push({ from: from[1] ?? '', name: from[2] ?? '', lines: [] });
      else all.at(-1)?.lines.push(line.trim());
      return all;
    }, []);
  const stage = (name: string) => stages.find((s) => s.name === name) ?? { from: '', name, lines: [] };
  const instruction = (name: string, verb: string) =>
    stage(name).lines.filter((l) => l.startsWith(`${verb} `));

  it('builds every stage on the current Node LTS', () => {
    expect(stages.map((s) => s.from)).toEqual(stages.map(() => 'node:24-bookworm-slim'));
  });

  it('makes the backend the default image (the last stage)', () => {
    expect(stages.at(-1)?.name).toBe('backend');
  });

  it.each(['backend', 'web'])(
    'the %s run stage runs plain node as a non-root user, with a health check',
    (name) => {
      expect(instruction(name, 'USER')).toEqual(['USER node']);
      expect(instruction(name, 'HEALTHCHECK')).toHaveLength(1);
      const [cmd] = instruction(name, 'CMD');
      expect(JSON.parse(cmd?.slice('CMD '.length) ?? '[]')[0]).toBe('node');
    },
  );

  it('starts the compiled API, and no stage runs a TypeScript loader or npx', () => {
    expect(instruction('backend', 'CMD')).toEqual([
      'CMD ["node", "--enable-source-maps", "services/dist/main/api.js"]',
    ]);
    for (const s of stages) for (const line of s.lines) expect(line).not.toMatch(/\b(tsx|npx)\b/);
  });

  it('the backend run stage holds only production dependencies and compiled output', () => {
    const copies = instruction('backend', 'COPY');
    // Nothing straight from the build context: only what earlier stages made.
    for (const copy of copies) expect(copy).toMatch(/^COPY --from=(production-deps|build) /);
    expect(copies).toContain('COPY --from=production-deps /app/node_modules ./node_modules');
    expect(copies.filter((c) => c.includes('--from=build'))).toEqual([
      'COPY --from=build /app/services/package.json ./services/package.json',
      'COPY --from=build /app/services/dist ./services/dist',
    ]);
    expect(instruction('production-deps', 'RUN').join(' ')).toMatch(
      /npm install --omit=dev --workspace @studio\/services/,
    );
  });

  it("the web stage holds one front end's files and the static server", () => {
    expect(instruction('web', 'COPY')).toEqual([
      'COPY --from=build /app/scripts/static-server.mjs ./static-server.mjs',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Docker's build argument, not JavaScript's
      'COPY --from=build /app/${APP}/dist ./public',
    ]);
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
    'services/dist/main/api.js',
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
    'scripts/build-server.mjs',
    'scripts/static-server.mjs',
    'tsconfig.base.json',
  ])('still sends %s, which the build needs', (file) => {
    expect(excluded(file)).toBe(false);
  });
});

describe('compose.postgres-nats.yml (layered over docker-compose.yml)', () => {
  // Compose's `!override` replaces the base file's value instead of merging into it.
  const overlay = parse(
    readFileSync(path.join(__dirname, '../compose.postgres-nats.yml'), 'utf8').replaceAll(' !override', ''),
    { merge: true },
  ) as { services: Record<string, Service & { profiles?: string[] }>; volumes?: Record<string, unknown> };
  const layered = (name: string): Service => {
    const base = compose.services[name] as Service;
    const over = overlay.services[name] ?? {};
    return {
      ...base,
      ...over,
      environment: { ...(base.environment ?? {}), ...(over.environment ?? {}) },
    };
  };
  const operator = { PAYMENTS: 'simulated', POSTGRES_PASSWORD: 'from-the-operator' };

  it.each(PROCESSES)('%s runs on PostgreSQL and NATS, its files on a shared volume', (name) => {
    const config = loadConfig(environmentOf(layered(name), operator));
    expect(config.eventStore.kind).toBe('postgres');
    expect(config.readStore.kind).toBe('postgres');
    expect(config.bus).toMatchObject({ kind: 'nats', servers: ['nats:4222'] });
    expect(config.blobs).toEqual({ kind: 'file', dir: '/data/blobs' });
    expect(layered(name).depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      nats: { condition: 'service_healthy' },
    });
    expect(layered(name).volumes).toEqual(['blobs:/data/blobs']);
  });

  it('starts none of the card engines, and PostgreSQL and NATS with health checks and named volumes', () => {
    for (const engine of ENGINES) expect(overlay.services[engine]?.profiles).toEqual(['kurrent-mongo-kafka']);
    for (const name of ['postgres', 'nats']) {
      const service = overlay.services[name] as Service;
      expect(service.healthcheck?.test).toBeDefined();
      for (const mount of service.volumes ?? [])
        expect(Object.keys(overlay.volumes ?? {})).toContain(mount.split(':')[0]);
    }
  });

  it("takes PostgreSQL's password from the environment only", () => {
    expect(() => environmentOf(layered('api'), { PAYMENTS: 'simulated' })).toThrow('POSTGRES_PASSWORD');
    const env = environmentOf(overlay.services.postgres as Service, operator);
    expect(env.POSTGRES_PASSWORD).toBe('from-the-operator');
  });
});
