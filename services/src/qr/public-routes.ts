import { gzipSync } from 'node:zlib';
import type { QrSignupRefusalReason } from '@studio/events';
import { qrLandingFormRequest, qrLandingPostRequest } from '@studio/events/requests';
import { QR_HONEYPOT_FIELD, QR_MESSAGES } from '@studio/events/rules';
import type Koa from 'koa';
import { utcDay } from '../platform/clock';
import { DomainError, isDomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import type { LeanRequest, LeanRoute } from '../platform/http/lean-routes';
import { type PageTokens, pageTokens } from '../platform/http/page-token';
import { requestLimit } from '../platform/http/rate-limit';
import { parse } from '../platform/http/validation';
import type { Platform } from '../platform/module';
import type { QrCodeCache } from './code-cache';
import { appendActivity, decideSignup, signupId } from './commands';
import { initialQrState, QR_GONE, QR_NOT_FOUND, type QrCodeState } from './decider';
import { deviceCookie, deviceIdOf, newDeviceId } from './device-id';
import { QR_IMAGE_BLOB_ID } from './hero';
import {
  inactiveCodeHtml,
  type LandingFormState,
  landingPageHtml,
  QR_FORM_PATH,
  unknownCodeHtml,
} from './landing-page';
import { LANDING_SCRIPT, LANDING_SCRIPT_GZIP, LANDING_SCRIPT_PATH } from './landing-script';
import { resolveLandingSettings } from './landing-settings';
import type { MagnetLinks } from './magnet-links';
import { QR_ID } from './qr-id';
import type { ScanRecorder, Visit } from './scan-recorder';
import type { SignupRefusals } from './signup-refusals';
import { SignupTokens } from './signup-tokens';
import { isSpeculativeLoad } from './visitors';

type Deps = Pick<Platform, 'eventStore' | 'readStore' | 'blobs' | 'clock' | 'logger'> & {
  scans: ScanRecorder;
  codes: QrCodeCache;
  refusals: SignupRefusals;
  magnets: MagnetLinks;
};

/**
 * Signups per address and code per ten minutes (in memory only, never stored): a class or a fair's
 * audience shares one network address, so it takes a class and more; one address still gets only
 * half of the code's own ceiling. Over it, a visitor is told to try again in a few minutes.
 */
export const SIGNUPS_PER_ADDRESS = 50;
export const SIGNUP_WINDOW_MS = 10 * 60_000;
/**
 * Signups per code from every address together (in memory per process): a pool of addresses (an
 * IPv6 prefix) would otherwise multiply the per-address ceiling, each page load buying 3 signups.
 * Ten minutes hold a room of readers (a class of 30 three times over); a day holds far more than a
 * self-published book's busiest launch. Past it, a reader is asked to try again in a few minutes
 * and the owner's analytics count the refusal.
 */
export const SIGNUPS_PER_CODE = [
  { limit: 100, windowMs: SIGNUP_WINDOW_MS },
  { limit: 1000, windowMs: 24 * 60 * 60_000 },
] as const;

/** How long a page served without being counted (a prefetch) may send its scan beacon. */
export const SCAN_TOKEN_TTL_MS = 30 * 60_000;

const visit = (ctx: LeanRequest, at: Date, via: Visit['via'], device?: string): Visit => ({
  address: ctx.ip,
  userAgent: ctx.get('User-Agent'),
  referer: ctx.get('Referer'),
  host: ctx.host,
  at,
  via,
  device,
});

/**
 * The device a scan comes from: the id its cookie carries, else a new one handed back with the
 * answer (`cookie`). Only while the code is tracked: with tracking off no cookie is set.
 */
function deviceOf(ctx: LeanRequest, state: QrCodeState, at: Date): { device?: string; cookie?: string } {
  if (!state.trackingEnabled) return {};
  const device = deviceIdOf(ctx.get('Cookie'));
  if (device) return { device };
  const minted = newDeviceId();
  return { device: minted, cookie: deviceCookie(minted, at, ctx.secure) };
}

/**
 * A visit, as opposed to a request: a HEAD (link checkers, previewers) or a speculative load
 * (prefetch, prerender) is answered like any other but is not a scan.
 */
const isVisit = (ctx: LeanRequest) => ctx.method === 'GET' && !isSpeculativeLoad((name) => ctx.get(name));

/** Small pages compressed here: the landing page must stay a few KB on mobile data. */
export function sendHtml(ctx: Koa.Context, status: number, html: string) {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.vary('Accept-Encoding');
  ctx.type = 'text/html; charset=utf-8';
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = gzipSync(html);
  } else ctx.body = html;
}

const nonceOf = (ctx: Koa.Context) => String(ctx.state.cspNonce ?? '');

/**
 * A direct code's target as a serialised URL (percent-encoded, absolute http(s), validated when it
 * was saved), worked out once per version of the code: the cache hands out the same state until
 * the code changes.
 */
const locations = new WeakMap<QrCodeState, string>();
function targetOf(state: QrCodeState): string {
  let location = locations.get(state);
  if (location === undefined) {
    location = new URL(state.url).href;
    locations.set(state, location);
  }
  return location;
}

/**
 * The landing data as JSON text, made once per cached state: Koa would otherwise serialise an
 * object twice per request (once to measure it for compression, once to send it).
 */
const landingJson = new WeakMap<QrCodeState, string>();
function landingDataJson(state: QrCodeState): string {
  let json = landingJson.get(state);
  if (json === undefined) {
    json = JSON.stringify({
      success: true,
      landingPage: resolveLandingSettings(state.qrId, state.landingPage),
    });
    landingJson.set(state, json);
  }
  return json;
}

/**
 * The public routes (docs/product/creation-tools-qr.md (Roles): no sign-in): the short redirect of direct codes, the landing page
 * and its data, the scan beacon and the signup. They answer from the code's small stream and show
 * nothing about its owner. `edge`: the GETs a scan hits, served ahead of the request guards, body
 * parsing and the session reader (FeatureModule.edgeRoutes); `guarded`: the beacon and the signup,
 * which carry a body.
 */
export function qrPublicRoutes(deps: Deps): {
  lean: LeanRoute[];
  edge: RouteModule;
  guarded: RouteModule;
} {
  const { eventStore, readStore, blobs, clock, scans, codes, refusals, magnets } = deps;
  // The scan beacon counts only with a token of a landing page served here but not counted then.
  const scanTokens: PageTokens = pageTokens({ ttlMs: SCAN_TOKEN_TTL_MS });
  // From memory: the cache drops a code as soon as its stream changes.
  const load = async (id: string): Promise<QrCodeState> => (QR_ID.test(id) ? codes.get(id) : initialQrState);
  const signupTokens = new SignupTokens(readStore);
  const now = () => clock.now().getTime();
  const addressCeiling = requestLimit({
    limit: SIGNUPS_PER_ADDRESS,
    windowMs: SIGNUP_WINDOW_MS,
    key: (ctx) => `${ctx.ip}\n${String(ctx.state.signupCode)}`,
    now,
  });
  const codeCeilings = SIGNUPS_PER_CODE.map(({ limit, windowMs }) =>
    requestLimit({ limit, windowMs, key: (ctx) => String(ctx.state.signupCode), now }),
  );
  /**
   * Within the ceilings, this signup is counted against them: 'kept'; else which one it met (the
   * address's first, so one busy address does not spend the code's).
   */
  const withinCeiling = async (ctx: Koa.Context, qrId: string): Promise<'kept' | 'address' | 'code'> => {
    ctx.state.signupCode = qrId;
    const check = async (ceiling: Koa.Middleware) => {
      try {
        await ceiling(ctx, async () => {});
        return true;
      } catch (error) {
        if (isDomainError(error) && error.code === 'RATE_LIMITED') return false;
        throw error;
      }
    };
    if (!(await check(addressCeiling))) return 'address';
    for (const ceiling of codeCeilings) if (!(await check(ceiling))) return 'code';
    return 'kept';
  };

  /**
   * A scan of a live code: a direct code's is handed to the recorder (the visitor is on their way
   * while it waits for its batch) and goes to the target, with the device's cookie if it had none;
   * a landing code's goes to its page, which counts it.
   */
  const scanOf = (ctx: LeanRequest, state: QrCodeState): { redirect: string; cookie?: string } => {
    if (state.linkType === 'landing') return { redirect: `/qr-landing/${state.qrId}` };
    const at = clock.now();
    const { device, cookie } = deviceOf(ctx, state, at);
    if (isVisit(ctx)) scans.queue(state, visit(ctx, at, 'redirect', device));
    return { redirect: targetOf(state), cookie };
  };

  /** A live code in memory, or undefined (the routes below read it, or answer 404 or 410). */
  const liveInMemory = (id: string) => {
    const state = QR_ID.test(id) ? codes.peek(id) : undefined;
    return state?.exists && !state.deleted ? state : undefined;
  };
  // Answered from memory (see LeanRoute); anything else goes on to the routes of the same paths.
  const lean: LeanRoute[] = [
    {
      prefix: '/r/',
      route: '/r/:id',
      answer(ctx, id) {
        const state = liveInMemory(id);
        return state && scanOf(ctx, state);
      },
    },
    {
      prefix: '/api/qr-landing/',
      route: '/api/qr-landing/:id/data',
      answer(_ctx, rest) {
        const state = rest.endsWith('/data') ? liveInMemory(rest.slice(0, -'/data'.length)) : undefined;
        return state?.linkType === 'landing' ? { json: landingDataJson(state) } : undefined;
      },
    },
  ];

  const edge: RouteModule = (router) => {
    router.get('/r/:id', async (ctx) => {
      const state = await load(String(ctx.params.id));
      if (!state.exists) return sendHtml(ctx, 404, unknownCodeHtml(nonceOf(ctx)));
      if (state.deleted) return sendHtml(ctx, 410, inactiveCodeHtml(nonceOf(ctx)));
      const { redirect, cookie } = scanOf(ctx, state);
      ctx.status = 302;
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Location', redirect);
      if (cookie) ctx.append('Set-Cookie', cookie);
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'Redirecting.';
    });

    router.get('/qr-landing/:id', async (ctx) => {
      const state = await load(String(ctx.params.id));
      if (state.deleted) return sendHtml(ctx, 410, inactiveCodeHtml(nonceOf(ctx)));
      if (!state.exists || state.linkType !== 'landing')
        return sendHtml(ctx, 404, unknownCodeHtml(nonceOf(ctx), 'landing'));
      const at = clock.now();
      const { device, cookie } = deviceOf(ctx, state, at);
      if (cookie) ctx.append('Set-Cookie', cookie);
      const counted = isVisit(ctx);
      if (counted) scans.queue(state, visit(ctx, at, 'landing', device));
      // A prefetched page is counted by its own beacon, if and when it is shown.
      const scanToken = counted ? undefined : scanTokens.issue(state.qrId, clock.now());
      sendHtml(ctx, 200, await landingHtml(ctx, state, scanToken ? { scanToken } : {}));
    });

    router.get(LANDING_SCRIPT_PATH, (ctx) => {
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.vary('Accept-Encoding');
      ctx.type = 'text/javascript; charset=utf-8';
      if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
        ctx.set('Content-Encoding', 'gzip');
        ctx.body = LANDING_SCRIPT_GZIP;
      } else ctx.body = LANDING_SCRIPT;
    });

    router.get('/qr-images/:blobId', async (ctx) => {
      const blobId = String(ctx.params.blobId);
      const blob = QR_IMAGE_BLOB_ID.test(blobId) ? await blobs.stream(blobId) : null;
      if (!blob) throw new DomainError('NOT_FOUND', 'Image not found');
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.type = blob.contentType;
      ctx.length = blob.size;
      ctx.body = blob.stream;
    });

    router.get('/api/qr-landing/:id/data', async (ctx) => {
      const state = await load(String(ctx.params.id));
      if (state.deleted) {
        ctx.status = 410;
        ctx.body = { success: false, message: QR_GONE, error: 'GONE' };
        return;
      }
      if (!state.exists || state.linkType !== 'landing') throw new DomainError('NOT_FOUND', QR_NOT_FOUND);
      ctx.type = 'application/json';
      ctx.body = landingDataJson(state);
    });
  };

  /**
   * What became of a signup: kept, or refused and why (the visitor is told; the owner sees counts).
   * `busy`: the code's own ceiling, tallied as a ceiling but told without naming the network.
   */
  type Outcome = 'kept' | QrSignupRefusalReason | 'busy';
  const ceilingMessage = { ceiling: QR_MESSAGES.tooManySignups, busy: QR_MESSAGES.signupsBusy } as const;

  /**
   * One signup, from the script's JSON or the plain form: the honeypot (a bot; answered as if kept,
   * so it learns nothing), the page's token, then the ceilings (the address's, the code's); refusals
   * on a live code are tallied for the owner's analytics.
   */
  async function signUp(
    ctx: Koa.Context,
    state: QrCodeState,
    input: {
      email: string;
      name?: string | undefined;
      token?: string | undefined;
      honeypot?: string | undefined;
    },
  ): Promise<Outcome> {
    const at = clock.now();
    const refuse = (reason: QrSignupRefusalReason): Outcome => {
      refusals.note(state.qrId, reason, at);
      return reason;
    };
    if (input.honeypot) return refuse('honeypot');
    if (!(await signupTokens.spend(input.token, state.qrId, at))) return refuse('token');
    const ceiling = await withinCeiling(ctx, state.qrId);
    if (ceiling !== 'kept') {
      refuse('ceiling');
      return ceiling === 'code' ? 'busy' : 'ceiling';
    }
    // Whether the device that signs up was counted visiting: only such signups are converted visitors.
    const visitor = await scans.signupOf(state, deviceIdOf(ctx.get('Cookie')), at);
    const events = decideSignup(
      state,
      {
        day: utcDay(at),
        email: input.email,
        ...(input.name ? { name: input.name } : {}),
        ...visitor,
      },
      { at: at.toISOString(), correlationId: String(ctx.state.requestId ?? ''), causationId: 'signup' },
    );
    await appendActivity(eventStore, state.qrId, events);
    return 'kept';
  }

  /** A kept signup's link to the code's bonus, if it has one (docs/product/creation-tools-qr.md (Screens and routes: My Books)). */
  const bonusLink = async (state: QrCodeState, email: string) =>
    state.magnet ? magnets.issue(state.qrId, signupId(state.qrId, email), clock.now()) : undefined;

  const landingHtml = async (ctx: Koa.Context, state: QrCodeState, form: LandingFormState = {}) =>
    landingPageHtml(resolveLandingSettings(state.qrId, state.landingPage), {
      nonce: nonceOf(ctx),
      year: clock.now().getUTCFullYear(),
      signupToken: await signupTokens.issue(state.qrId, clock.now()),
      ...form,
    });

  const guarded: RouteModule = (router) => {
    router.post('/api/qr-landing/:id', async (ctx) => {
      const input = parse(qrLandingPostRequest, ctx.request.body);
      const state = await load(String(ctx.params.id));
      if (!state.exists || state.linkType !== 'landing') throw new DomainError('NOT_FOUND', QR_NOT_FOUND);
      if (state.deleted) throw new DomainError('NOT_FOUND', QR_GONE);
      const at = clock.now();
      if (input.source === 'scan') {
        // Only a page served here and not counted then (a prefetch) has a token to spend; a beacon
        // from the same visitor right after a counted load is the same scan (the recorder skips it).
        const counted =
          scanTokens.redeem(input.token, state.qrId, at) &&
          (await scans.record(state, visit(ctx, at, 'beacon', deviceIdOf(ctx.get('Cookie')))));
        ctx.body = { success: true, counted };
        return;
      }
      const outcome = await signUp(ctx, state, {
        email: input.email ?? '',
        name: input.name,
        token: input.token,
        honeypot: input[QR_HONEYPOT_FIELD],
      });
      if (outcome === 'token') {
        // A fresh token with the refusal: the reader presses the button again and is kept.
        ctx.status = 403;
        ctx.body = {
          success: false,
          error: 'PAGE_EXPIRED',
          message: QR_MESSAGES.pageExpired,
          token: await signupTokens.issue(state.qrId, at),
        };
        return;
      }
      if (outcome === 'ceiling' || outcome === 'busy')
        throw new DomainError('RATE_LIMITED', ceilingMessage[outcome]);
      const download = await bonusLink(state, input.email ?? '');
      ctx.status = 201;
      ctx.body = { success: true, message: 'Thank you for signing up!', ...(download ? { download } : {}) };
    });

    // The same signup without JavaScript: a plain form POST answered with a page (no JSON, no Origin
    // check: the page's token is the proof; see `module.ts`).
    router.post(QR_FORM_PATH, async (ctx) => {
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      const qrId = typeof body.qrId === 'string' ? body.qrId : '';
      const state = await load(qrId);
      if (state.deleted) return sendHtml(ctx, 410, inactiveCodeHtml(nonceOf(ctx)));
      if (!state.exists || state.linkType !== 'landing')
        return sendHtml(ctx, 404, unknownCodeHtml(nonceOf(ctx), 'landing'));
      const values = {
        email: typeof body.email === 'string' ? body.email.slice(0, 254) : '',
        name: typeof body.name === 'string' ? body.name.slice(0, 100) : '',
      };
      let input: ReturnType<typeof qrLandingFormRequest.validateSync>;
      try {
        input = parse(qrLandingFormRequest, body);
      } catch (error) {
        if (!isDomainError(error)) throw error;
        const title = values.email.trim()
          ? QR_MESSAGES.submissionFailedTitle
          : QR_MESSAGES.emailRequiredTitle;
        return sendHtml(
          ctx,
          400,
          await landingHtml(ctx, state, { values, error: { title, body: error.message } }),
        );
      }
      const outcome = await signUp(ctx, state, {
        email: input.email,
        name: input.name,
        token: input.token,
        honeypot: input[QR_HONEYPOT_FIELD],
      });
      if (outcome === 'token' || outcome === 'ceiling' || outcome === 'busy') {
        const message = outcome === 'token' ? QR_MESSAGES.pageExpired : ceilingMessage[outcome];
        return sendHtml(
          ctx,
          outcome === 'token' ? 403 : 429,
          await landingHtml(ctx, state, {
            values,
            error: { title: QR_MESSAGES.submissionFailedTitle, body: message },
          }),
        );
      }
      // A bonus is handed over on the thank-you page rather than by leaving it.
      const download = await bonusLink(state, input.email);
      if (download) return sendHtml(ctx, 200, await landingHtml(ctx, state, { done: true, download }));
      const { redirectUrl } = resolveLandingSettings(state.qrId, state.landingPage);
      if (redirectUrl && /^https?:\/\//i.test(redirectUrl)) {
        ctx.status = 303;
        ctx.set('Cache-Control', 'no-store');
        ctx.set('Location', new URL(redirectUrl).href);
        ctx.body = 'Thank you for signing up!';
        return;
      }
      sendHtml(ctx, 200, await landingHtml(ctx, state, { done: true }));
    });
  };
  return { lean, edge, guarded };
}
