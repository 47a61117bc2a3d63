import { PRODUCT_NAME, SUPPORT_EMAIL } from '@studio/events';

/**
 * What a message says, once: rendered as plain text and as HTML with the same words. The HTML
 * has inline styles only and loads nothing (no images, no tracking pixel, no web font), so it
 * reads the same offline and tells nobody when it was opened.
 */
export interface MessageBody {
  subject: string;
  name: string;
  paragraphs: string[];
  /** Label and value lines (a receipt's amounts). */
  rows?: Array<[label: string, value: string]>;
  /** The one link the message is for. */
  action?: { label: string; url: string };
  /** Lines after the action (what to do when it was not you). */
  after?: string[];
}

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const footer = `You receive this message because you have an account at ${PRODUCT_NAME}. Questions? Write to ${SUPPORT_EMAIL}.`;

export function render(body: MessageBody): Rendered {
  const { subject, name, paragraphs, rows = [], action, after = [] } = body;
  const text = [
    `Hello ${name},`,
    ...paragraphs,
    ...(rows.length > 0 ? [rows.map(([label, value]) => `${label}: ${value}`).join('\n')] : []),
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...after,
    `${PRODUCT_NAME}\n${footer}`,
  ].join('\n\n');

  const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const table =
    rows.length > 0
      ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows
          .map(
            ([label, value]) =>
              `<tr><td style="padding:4px 16px 4px 0;color:#555">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
          )
          .join('')}</table>`
      : '';
  const button = action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f9;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1a1a2e;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="margin:0 0 20px;font-weight:800;font-size:18px">${escapeHtml(PRODUCT_NAME)}</p>
${p(`Hello ${name},`)}
${paragraphs.map(p).join('\n')}
${table}
${button}
${after.map(p).join('\n')}
<p style="margin:24px 0 0;font-size:13px;color:#555">${escapeHtml(footer)}</p>
</div>
</body>
</html>`;
  return { subject, text, html };
}

/** Money as the plans print it: $49.99. */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A day as the product writes it, in UTC: November 27, 2026. */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
