// The QR calls through the kit's client (JSON, credentials, X-User-Id, "{status}: {message}").
import type {
  LandingPageSettings,
  QrAnalytics,
  QrCodeLogo,
  QrCodeView,
  QrEmailSignup,
  QrListRow,
} from '@studio/events';
import { apiJson, apiRequest, errorDetail, readStoredUserId, USER_ID_HEADER } from '@studio/kit';

export const qrKeys = {
  list: ['qr-codes'] as const,
  code: (id: string) => ['qr-codes', id] as const,
  analytics: (id: string) => ['qr-codes', id, 'analytics'] as const,
  emails: (id: string) => ['qr-codes', id, 'emails'] as const,
};

export const fetchQrCodes = () =>
  apiJson<{ qrCodes: QrListRow[] }>('GET', '/api/qr-codes').then((r) => r.qrCodes);
export const fetchQrCode = (id: string) =>
  apiJson<{ qrCode: QrCodeView }>('GET', `/api/qr-codes/${encodeURIComponent(id)}`).then((r) => r.qrCode);
export const updateQrCode = (id: string, changes: Record<string, unknown>) =>
  apiJson<{ qrCode: QrCodeView }>('PUT', `/api/qr-codes/${encodeURIComponent(id)}`, changes).then(
    (r) => r.qrCode,
  );
export const deleteQrCode = (id: string) => apiRequest('DELETE', `/api/qr-codes/${encodeURIComponent(id)}`);
export const fetchAnalytics = (id: string) =>
  apiJson<{ analytics: QrAnalytics }>('GET', `/api/qr-codes/${encodeURIComponent(id)}/analytics`).then(
    (r) => r.analytics,
  );
export const fetchEmails = (id: string) =>
  apiJson<{ emails: QrEmailSignup[] }>('GET', `/api/qr-codes/${encodeURIComponent(id)}/emails`).then(
    (r) => r.emails,
  );

export interface CreateInput {
  title: string;
  description?: string;
  linkType: 'landing' | 'direct';
  url?: string;
  trackingEnabled: boolean;
  landingPage?: LandingPageSettings;
  colors: { dark: string; light: string };
  logo?: QrCodeLogo;
}
export const createQrCode = (input: CreateInput) =>
  apiJson<{ qrCode: QrCodeView }>('POST', '/api/qr-codes', input).then((r) => r.qrCode);
export const uploadLandingImage = (kind: 'logo' | 'hero', dataUrl: string) =>
  apiJson<{ url: string }>('POST', '/api/qr-uploads', { kind, dataUrl }).then((r) => r.url);

export interface BulkRowProblem {
  row: number;
  field: 'title' | 'target' | 'file';
  message: string;
}
export interface BulkResult {
  qrCodes: Array<{ id: string; title: string; url: string }>;
  zipUrl: string;
}
/** Refused whole: the server's message and, for bad rows, each row's problem. */
export class BulkRefused extends Error {
  constructor(
    message: string,
    readonly problems: BulkRowProblem[],
  ) {
    super(message);
  }
}

/** Sends a CSV's text; a refusal keeps the server's per-row problems for the screen. */
export async function createQrCodesFromCsv(csv: string): Promise<BulkResult> {
  const userId = readStoredUserId();
  const res = await fetch('/api/qr-codes/bulk', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(userId ? { [USER_ID_HEADER]: userId } : {}) },
    body: JSON.stringify({ csv }),
    credentials: 'include',
  });
  const text = await res.text();
  if (res.ok) return JSON.parse(text) as BulkResult;
  let problems: BulkRowProblem[] = [];
  try {
    problems = (JSON.parse(text) as { problems?: BulkRowProblem[] }).problems ?? [];
  } catch {
    // Not JSON (a proxy's page): the message alone.
  }
  throw new BulkRefused(errorDetail(text, res.statusText), problems);
}

/** Saves a same-origin download (the CSV exports, the PNG) under the given name. */
export async function download(url: string, filename: string): Promise<void> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
