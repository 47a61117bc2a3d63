import { LANDING_DEFAULTS, QR_HONEYPOT_FIELD, readableTextOn } from '@studio/events/rules';
import { heroHtml } from './hero';
import { escapeHtml } from './html';
import { LANDING_SCRIPT_PATH } from './landing-script';
import type { ResolvedLandingSettings } from './landing-settings';

/** JSON inside a data island: `<` escaped so no value can close the script element. */
const island = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const HEX = /^#[0-9a-fA-F]{6}$/;
const color = (value: string, fallback: string) => (HEX.test(value) ? value : fallback);

/** Where the landing form posts without JavaScript: one fixed path (the request guards are keyed by path). */
export const QR_FORM_PATH = '/qr-signup';

/** The owner's live preview of a landing page (signed in; framed by the create and edit forms). */
export const QR_PREVIEW_PATH = '/api/qr-preview';

export const LOAD_FAILURE = { title: 'Error', body: 'Unable to load this page. The QR code may be invalid.' };

function styles(s: ResolvedLandingSettings): string {
  const button = color(s.buttonColor, LANDING_DEFAULTS.buttonColor);
  const text = color(s.textColor, LANDING_DEFAULTS.textColor);
  const background = color(s.backgroundColor, LANDING_DEFAULTS.backgroundColor);
  return `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:${background};color:${text};line-height:1.5;display:flex;flex-direction:column;min-height:100vh}
main{flex:1;width:100%;max-width:480px;margin:0 auto;padding:24px 20px}
.logo{display:block;height:72px;width:auto;max-width:100%;object-fit:contain;margin:0 auto 16px}
.hero{display:block;width:100%;height:auto;aspect-ratio:3/2;object-fit:cover;border-radius:12px;margin-bottom:20px}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 8px;text-align:center}
.desc{margin:0 0 24px;text-align:center;opacity:.85}
form{display:flex;flex-direction:column;gap:12px}
label{font-weight:600;font-size:.9rem}
input{width:100%;font:inherit;padding:12px;border:1px solid #c8c8d0;border-radius:8px;background:#fff;color:#1a1a1a}
input:focus-visible,button:focus-visible{outline:3px solid ${button};outline-offset:2px}
button{font:inherit;font-weight:600;padding:14px;border:0;border-radius:8px;background:${button};color:${readableTextOn(button)};cursor:pointer;margin-top:8px}
button:disabled{opacity:.7;cursor:progress}
.done{text-align:center;padding:24px 0}
.done h2{margin:0 0 8px;font-size:1.5rem}
footer{text-align:center;font-size:.8rem;padding:16px}
#qr-toasts{display:flex;flex-direction:column;align-items:center;gap:8px}#qr-toasts:not(:empty){margin-top:12px}
.toast{max-width:420px;width:100%;background:#fff;color:#1a1a1a;border-radius:8px;padding:12px 16px;box-shadow:0 4px 16px rgba(0,0,0,.15);border-left:4px solid #d92d20}
.gone{text-align:center;padding-top:15vh}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
[hidden]{display:none!important}`;
}

function shell(
  title: string,
  css: string,
  nonce: string,
  body: string,
  withScript: boolean,
  icon = 'data:,',
): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<link rel="icon" href="${escapeHtml(icon)}">
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${css}</style>
${withScript ? `<script src="${LANDING_SCRIPT_PATH}" defer></script>\n` : ''}</head>
<body>
${body}
</body>
</html>`;
}

/** What the form shows besides the settings: a refusal to explain, the reader's own words, or the thank-you. */
export interface LandingFormState {
  /** Shown as the page's error toast (the script's toasts replace it). */
  error?: { title: string; body: string };
  /** What the reader typed, written back after a refusal so nothing is typed twice. */
  values?: { email?: string; name?: string };
  /** The signup was kept: the thank-you instead of the form. */
  done?: boolean;
  /** A kept signup's link to the code's bonus, shown with the thank-you. */
  download?: string;
  /** A prefetched page's scan token (its script counts the scan once shown). */
  scanToken?: string;
}

export interface LandingRenderOptions extends LandingFormState {
  nonce: string;
  year: number;
  /** The form's proof of a page load; absent in the owner's preview, which sends nothing. */
  signupToken?: string;
  /** The owner's preview: framed in a sandbox where no script may run, so none is linked (nor its data). */
  preview?: boolean;
}

const toastHtml = (error: { title: string; body: string }) =>
  `<div class="toast bad" role="alert"><strong>${escapeHtml(error.title)}</strong><div>${escapeHtml(error.body)}</div></div>`;

/**
 * The public landing page, and the owner's preview of it (the same function, so the
 * preview is the page): server-rendered with its settings, so the first paint is the page itself.
 * The form posts to QR_FORM_PATH as a plain form (hidden code id, page token and honeypot), so it
 * works without JavaScript; the script turns it into the JSON signup with toasts.
 */
export function landingPageHtml(s: ResolvedLandingSettings, options: LandingRenderOptions): string {
  const redirecting = s.redirectUrl ? '<p class="redirecting">You will be redirected shortly...</p>' : '';
  const value = (text: string | undefined) => (text ? ` value="${escapeHtml(text)}"` : '');
  // The preview is a picture of the page for its owner: its fields take no focus (inert).
  const body = `<main${options.preview ? ' inert' : ''}>
${s.logoUrl ? `<img class="logo" src="${escapeHtml(s.logoUrl)}" alt="Logo" height="72">` : ''}
${s.heroImage ? heroHtml(s.heroImage) : ''}
<h1>${escapeHtml(s.title)}</h1>
${s.description ? `<p class="desc">${escapeHtml(s.description)}</p>` : ''}
<form id="qr-form" action="${QR_FORM_PATH}" method="post"${options.done ? ' hidden' : ''}>
<input type="hidden" name="qrId" value="${escapeHtml(s.qrId)}">${options.signupToken ? `\n<input type="hidden" name="token" value="${escapeHtml(options.signupToken)}">` : ''}
<div class="hp" aria-hidden="true"><label for="qr-${QR_HONEYPOT_FIELD}">Leave this field empty</label><input id="qr-${QR_HONEYPOT_FIELD}" name="${QR_HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>
<label for="qr-name">Name</label>
<input id="qr-name" name="name" type="text" placeholder="Your name" autocomplete="name" maxlength="100"${value(options.values?.name)}>
<label for="qr-email">Email</label>
<input id="qr-email" name="email" type="email" placeholder="you@example.com" autocomplete="email" maxlength="254"${value(options.values?.email)}>
<button type="submit">${escapeHtml(s.buttonText)}</button>
</form>
<div id="qr-toasts" aria-live="polite">${options.error ? toastHtml(options.error) : ''}</div>
<div id="qr-done" class="done"${options.done ? '' : ' hidden'} role="status">
<h2>Success!</h2>
<p>${escapeHtml(s.thankYouMessage)}</p>
<p id="qr-bonus"${options.download ? '' : ' hidden'}><a id="qr-download" class="bonus" href="${escapeHtml(options.download ?? '#')}" download>Download your bonus</a></p>
${options.download ? '' : redirecting}
</div>
</main>
<footer>&copy; ${options.year} ${escapeHtml(s.title)}</footer>
${options.preview ? '' : `<script type="application/json" id="qr-settings">${island(options.scanToken ? { ...s, scanToken: options.scanToken } : s)}</script>`}`;
  // The owner's logo is the tab's icon; without one, an empty icon spares the browser a /favicon.ico request.
  return shell(s.title, styles(s), options.nonce, body, !options.preview, s.logoUrl);
}

/** A deleted code (410): a friendly page rather than an error. */
export function inactiveCodeHtml(nonce: string): string {
  const s = { ...LANDING_DEFAULTS, qrId: '' };
  return shell(
    'QR code no longer active',
    styles(s),
    nonce,
    `<main class="gone">
<h1>This QR code is no longer active</h1>
<p class="desc">The owner of this code has removed it. If you expected something here, please contact them.</p>
</main>`,
    false,
  );
}

/**
 * An address that was never a code (404). The landing address shows the load-failure message as
 * its error toast; no signup form, since a signup there could only fail.
 */
export function unknownCodeHtml(nonce: string, route: 'redirect' | 'landing' = 'redirect'): string {
  const s = { ...LANDING_DEFAULTS, qrId: '' };
  const landing = route === 'landing';
  return shell(
    'QR code not found',
    styles(s),
    nonce,
    `<main class="gone">
<h1>QR code not found</h1>
<p class="desc">${landing ? LOAD_FAILURE.body : 'This code does not lead anywhere. Please check that it was scanned completely.'}</p>
</main>${
      landing
        ? `\n<div id="qr-toasts"><div class="toast bad" role="alert"><strong>${LOAD_FAILURE.title}</strong><div>${LOAD_FAILURE.body}</div></div></div>`
        : ''
    }`,
    false,
  );
}
