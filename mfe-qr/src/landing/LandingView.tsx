// The landing page as React (spec 02 §2): the owner's live preview and the in-app screen. The
// public address is served by the server as its own small page with the same layout and texts.
import { LANDING_DEFAULTS, readableTextOn } from '@studio/events/rules';
import { Spinner, toast } from '@studio/kit';
import { type FormEvent, useState } from 'react';
import type { LandingSettings } from '../api/types';
import { LANDING_REDIRECT_MS, QR_TEXTS } from '../texts';

export type ResolvedSettings = typeof LANDING_DEFAULTS & LandingSettings;

export const withDefaults = (settings: LandingSettings): ResolvedSettings => ({
  ...LANDING_DEFAULTS,
  ...Object.fromEntries(Object.entries(settings).filter(([, v]) => typeof v === 'string' && v !== '')),
});

export interface LandingViewProps {
  settings: ResolvedSettings;
  loading?: boolean;
  /** Sends the signup; absent in the preview, where the form only shows its states. */
  onSubmit?: (input: { email: string; name?: string }) => Promise<void>;
}

export function LandingView({ settings: s, loading, onSubmit }: LandingViewProps) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      toast({
        title: QR_TEXTS.emailRequiredTitle,
        description: QR_TEXTS.emailRequired,
        variant: 'destructive',
      });
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit?.({ email: email.trim(), ...(name.trim() ? { name: name.trim() } : {}) });
      setDone(true);
      if (onSubmit && s.redirectUrl && /^https?:\/\//i.test(s.redirectUrl)) {
        const target = s.redirectUrl;
        setTimeout(() => window.location.assign(target), LANDING_REDIRECT_MS);
      }
    } catch {
      toast({
        title: QR_TEXTS.submissionFailed,
        description: QR_TEXTS.submissionFailedBody,
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  };

  const input = {
    width: '100%',
    font: 'inherit',
    padding: 12,
    border: '1px solid #c8c8d0',
    borderRadius: 8,
    background: '#fff',
    color: '#1a1a1a',
    boxSizing: 'border-box' as const,
  };
  return (
    <div
      css={{
        background: s.backgroundColor,
        color: s.textColor,
        minHeight: '100%',
        display: 'flex',
        flexDirection: 'column',
        fontFamily: 'system-ui, sans-serif',
      }}
    >
      <main
        css={{
          flex: 1,
          width: '100%',
          maxWidth: 480,
          margin: '0 auto',
          padding: '24px 20px',
          boxSizing: 'border-box',
        }}
      >
        {loading ? (
          <div css={{ display: 'grid', placeItems: 'center', padding: 48 }}>
            <Spinner />
          </div>
        ) : (
          <>
            {s.logoUrl && (
              <img
                src={s.logoUrl}
                alt="Logo"
                height={72}
                // A fixed height and the logo's own width: wide wordmarks keep their shape.
                css={{
                  display: 'block',
                  height: 72,
                  width: 'auto',
                  maxWidth: '100%',
                  objectFit: 'contain',
                  margin: '0 auto 16px',
                }}
              />
            )}
            {s.heroImage && (
              <img
                src={s.heroImage}
                alt=""
                css={{
                  display: 'block',
                  width: '100%',
                  height: 'auto',
                  aspectRatio: '3 / 2',
                  objectFit: 'cover',
                  borderRadius: 12,
                  marginBottom: 20,
                }}
              />
            )}
            <h1 css={{ fontSize: '1.75rem', lineHeight: 1.2, margin: '0 0 8px', textAlign: 'center' }}>
              {s.title}
            </h1>
            {s.description && (
              <p css={{ margin: '0 0 24px', textAlign: 'center', opacity: 0.85 }}>{s.description}</p>
            )}
            {done ? (
              <div role="status" css={{ textAlign: 'center', padding: '24px 0' }}>
                <h2 css={{ margin: '0 0 8px' }}>{QR_TEXTS.success}</h2>
                <p>{s.thankYouMessage}</p>
                {s.redirectUrl && <p>{QR_TEXTS.redirecting}</p>}
              </div>
            ) : (
              <form onSubmit={submit} css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
                <label css={{ fontWeight: 600, fontSize: '.9rem' }}>
                  Name
                  <input
                    css={input}
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    placeholder={QR_TEXTS.namePlaceholder}
                  />
                </label>
                <label css={{ fontWeight: 600, fontSize: '.9rem' }}>
                  Email
                  <input
                    css={input}
                    type="email"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    placeholder="you@example.com"
                  />
                </label>
                <button
                  type="submit"
                  disabled={submitting}
                  css={{
                    font: 'inherit',
                    fontWeight: 600,
                    padding: 14,
                    border: 0,
                    borderRadius: 8,
                    background: s.buttonColor,
                    color: readableTextOn(s.buttonColor),
                    cursor: 'pointer',
                    marginTop: 8,
                  }}
                >
                  {submitting ? QR_TEXTS.submitting : s.buttonText}
                </button>
              </form>
            )}
          </>
        )}
      </main>
      <footer css={{ textAlign: 'center', fontSize: '.8rem', opacity: 0.7, padding: 16 }}>
        © {new Date().getFullYear()} {s.title}
      </footer>
    </div>
  );
}
