import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import type Koa from 'koa';
import { DomainError } from '../errors';
import { jsonBody } from '../http/app';
import { unreadableBody } from '../http/errors';
import type { UploadRule } from './image';

/** A request's fields, and the file sent under the rule's field if there was one, in memory. */
export interface UploadBody {
  fields: Record<string, unknown>;
  file?: Buffer;
}

/** The few text fields a form sends beside its file. */
const FIELDS = { count: 20, bytes: 64 * 1024 };
/** Multipart boundaries and part headers around the file and fields. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Upload routes read their body themselves, after the caller was identified and allowed (see
 * `readUploadBody`); the app's body-parsing step reads nothing on their paths.
 */
export const deferredBody: Koa.Middleware = async (_ctx, next) => next();

/**
 * Reads an upload route's body, once the session (and, for paid tools, the plan and credits)
 * were checked: multipart through busboy, JSON (a data URL inside) through the JSON parser. The
 * limit holds while the body streams: at the limit the answer is a 413 with the route's text,
 * and the connection is cut soon after (`hangUpSoon`): the rest of the file is never read. The file stays in memory: no temporary
 * file exists in any outcome.
 */
export async function readUploadBody(ctx: Koa.Context, rule: UploadRule): Promise<UploadBody> {
  const tooLarge = () => {
    hangUpSoon(ctx.req);
    return new DomainError('PAYLOAD_TOO_LARGE', rule.tooLarge, { field: rule.field });
  };
  if (ctx.is('multipart/form-data')) return readMultipart(ctx, rule, tooLarge);
  try {
    await jsonBody(`${rule.jsonBytes}b`)(ctx, async () => {});
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    throw status === 413 ? tooLarge() : unreadableBody(error);
  }
  const fields = ctx.request.body;
  return { fields: typeof fields === 'object' && fields !== null ? fields : {} } as UploadBody;
}

/** What is still read, and for how long, after a 413 before the connection is cut. */
const LINGER = { bytes: 2 * 1024 * 1024, ms: 5000 };

/**
 * After a 413 the client may still be sending. Cutting the connection at once can make its
 * system drop our answer (a reset); draining the rest would read the whole file after all. So
 * the server drops what arrives for a moment (at most LINGER), long enough for the answer to be
 * read, then hangs up.
 */
const hangingUp = new WeakSet<IncomingMessage>();

function hangUpSoon(req: IncomingMessage): void {
  if (hangingUp.has(req)) return;
  hangingUp.add(req);
  let dropped = 0;
  const cut = () => req.socket.destroy();
  const timer = setTimeout(cut, LINGER.ms);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER.bytes) cut();
  });
  req.once('end', () => clearTimeout(timer));
  req.resume();
}

function readMultipart(ctx: Koa.Context, rule: UploadRule, tooLarge: () => Error): Promise<UploadBody> {
  // Browsers never compress a request; an encoded multipart body would bypass the byte count.
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  if (encoding && encoding !== 'identity')
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content encoding');
  const most = rule.maxBytes + FIELDS.bytes + ENVELOPE_BYTES;
  if (Number(ctx.get('Content-Length') || 0) > most) throw tooLarge();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: ctx.req.headers,
      limits: {
        files: 1,
        fileSize: rule.maxBytes,
        fields: FIELDS.count,
        fieldSize: FIELDS.bytes,
        parts: FIELDS.count + 1,
      },
    });
  } catch {
    throw new DomainError('VALIDATION', 'The request body could not be read');
  }
  const req = ctx.req;
  return new Promise<UploadBody>((resolve, reject) => {
    // A Map, not an object: a field named __proto__ must stay a field.
    const fields = new Map<string, string>();
    let file: Buffer | undefined;
    let received = 0;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // After a 413 the hang-up drops what still arrives (`hangUpSoon`); otherwise nothing more is read.
      if (error instanceof DomainError && error.code === 'PAYLOAD_TOO_LARGE') req.resume();
      else req.pause();
      parser.removeAllListeners();
      parser.on('error', () => {});
      reject(error);
    };
    const unreadable = () => fail(new DomainError('VALIDATION', 'The request body could not be read'));
    // Busboy skips what is outside the parts; this counts every byte that arrives.
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > most && !settled) fail(tooLarge());
    });
    req.once('aborted', unreadable);
    req.once('error', unreadable);
    parser.on('file', (name, stream) => {
      if (name !== rule.field || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.once('limit', () => fail(tooLarge()));
      stream.once('end', () => {
        if (!stream.truncated && chunks.length > 0) file = Buffer.concat(chunks);
      });
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(tooLarge());
      else if (!fields.has(name)) fields.set(name, value);
    });
    for (const limit of ['filesLimit', 'fieldsLimit', 'partsLimit'] as const)
      parser.once(limit, () => fail(new DomainError('VALIDATION', 'Too many parts in the form')));
    parser.once('error', unreadable);
    parser.once('close', () => {
      if (settled) return;
      settled = true;
      resolve({ fields: Object.fromEntries(fields), ...(file ? { file } : {}) });
    });
    req.pipe(parser);
  });
}
