import { createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import Bowser from 'bowser';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import type { ReadStore } from '../platform/readstore/port';

/** The day's salt lives in the read store (shared by every API process) and is replaced the next day. */
export const QR_SALT = 'qr_visitor_salt';
const SALT_ID = 'current';

type SaltDoc = { _id: string; day: string; salt: string };

/**
 * Unique visitors without addresses or device ids: HMAC-SHA256 of (code, who) under a salt that
 * exists for one UTC day, where `who` is the device's id (`device-id.ts`) or, for a request
 * without one, its address and browser name (not the whole user agent: it is the client's to
 * choose, so varying it would mint a visitor per request). When the day turns the salt is
 * overwritten, so yesterday's hashes can no longer be recomputed (neither is ever written anywhere).
 */
export class VisitorHasher {
  private cached?: { day: string; salt: string };
  /**
   * The salt as a key object, made once per salt: handing HMAC the string made it prepare the key
   * on every scan, half the hash's cost in a profile of the redirect under load. Same hashes.
   */
  private key?: { salt: string; key: KeyObject };
  /**
   * The day's hashes of the visitors seen lately (code and who → hash), dropped with the salt:
   * a visitor who scans again costs a lookup instead of an HMAC.
   */
  private readonly recent = new LRUCache<string, string>({ max: 50_000 });

  constructor(private readonly readStore: ReadStore) {}

  async hash(qrId: string, day: string, who: string): Promise<string> {
    const salt = await this.saltFor(day);
    if (this.key?.salt !== salt) {
      this.key = { salt, key: createSecretKey(Buffer.from(salt)) };
      this.recent.clear();
    }
    const input = `${qrId}\n${who}`;
    let hashed = this.recent.get(input);
    if (hashed === undefined) {
      hashed = createHmac('sha256', this.key.key).update(input).digest('base64url').slice(0, 22);
      this.recent.set(input, hashed);
    }
    return hashed;
  }

  private async saltFor(day: string): Promise<string> {
    if (this.cached?.day === day) return this.cached.salt;
    const salts = this.readStore.collection<SaltDoc>(QR_SALT);
    let doc = await salts.get(SALT_ID);
    if (!doc || doc.day < day) {
      // Two processes may both rotate: the first write wins for the day and both read it back.
      await salts.put({ _id: SALT_ID, day, salt: randomBytes(32).toString('base64') });
      doc = await salts.get(SALT_ID);
    }
    if (!doc || doc.day !== day) {
      // A clock behind the stored day: hash under a salt of its own that is never kept.
      const salt = randomBytes(32).toString('base64');
      this.cached = { day, salt };
      return salt;
    }
    this.cached = { day: doc.day, salt: doc.salt };
    return doc.salt;
  }
}

/** A few hundred user agents make most traffic: each is judged and parsed once (a scan pays neither). */
const bots = new LRUCache<string, boolean>({ max: 2000 });
const agents = new LRUCache<string, AgentDescription>({ max: 2000 });
/** Real user agents are a few hundred characters; longer ones are judged every time, never kept. */
const CACHED_AGENT_LENGTH = 512;

export const isBot = (userAgent: string) => {
  let bot = bots.get(userAgent);
  if (bot === undefined) {
    bot = userAgent === '' || isbot(userAgent);
    if (userAgent.length <= CACHED_AGENT_LENGTH) bots.set(userAgent, bot);
  }
  return bot;
};

/**
 * A load the browser makes ahead of a visit that may never happen (link prefetch, prerender,
 * speculation rules): `Sec-Purpose: prefetch[;prerender]`, the older `Purpose: prefetch` and
 * `X-Purpose: preview`, Firefox's `X-Moz: prefetch`.
 */
export function isSpeculativeLoad(header: (name: string) => string): boolean {
  return ['Sec-Purpose', 'Purpose', 'X-Purpose', 'X-Moz'].some((name) =>
    /prefetch|prerender|preview/i.test(header(name)),
  );
}

export type AgentDescription = { device: string; os: string; browser: string };

/** Device, OS and browser names from the user agent (bowser: MIT; ua-parser-js 2.x is AGPL). */
export function describeAgent(userAgent: string): AgentDescription {
  let described = agents.get(userAgent);
  if (!described) {
    described = parseAgent(userAgent);
    if (userAgent.length <= CACHED_AGENT_LENGTH) agents.set(userAgent, described);
  }
  return described;
}

function parseAgent(userAgent: string): AgentDescription {
  try {
    const parsed = Bowser.parse(userAgent);
    const platform = parsed.platform.type;
    return {
      device: platform ? platform[0]!.toUpperCase() + platform.slice(1) : 'Unknown',
      os: parsed.os.name || 'Unknown',
      browser: parsed.browser.name || 'Unknown',
    };
  } catch {
    return { device: 'Unknown', os: 'Unknown', browser: 'Unknown' };
  }
}

/** Only the referring site's host is kept (paths can carry personal data); none → 'Direct'. */
export function referrerHost(referer: string, ownHost: string): string {
  if (!referer) return 'Direct';
  try {
    const host = new URL(referer).hostname.toLowerCase();
    if (!host) return 'Direct';
    return host === ownHost.split(':')[0]?.toLowerCase() ? 'Direct' : host.slice(0, 100);
  } catch {
    return 'Direct';
  }
}
