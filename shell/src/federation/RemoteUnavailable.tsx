// The friendly message shown in place of a remote that could not be loaded.
import { Button, Card, type RemoteName, theme } from '@studio/kit';
import { useLayoutEffect } from 'react';
import { revealApp } from '../app/prerendered';
import { REMOTE_LABELS } from './remote-labels';

export function RemoteUnavailable({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  useLayoutEffect(revealApp, []);
  return (
    <div css={{ display: 'grid', placeItems: 'center', padding: 'clamp(16px, 6vw, 64px) 16px' }}>
      <div css={{ width: 'min(480px, 100%)' }}>
        <Card>
          <div role="alert" css={{ display: 'grid', justifyItems: 'center', gap: 12, textAlign: 'center' }}>
            <CloudOffIcon />
            <h1 css={{ fontSize: theme.fontSizes.xl, fontWeight: 700 }}>This page couldn't be loaded</h1>
            <p css={{ color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }}>
              The {REMOTE_LABELS[remote]} section is temporarily unavailable. The rest of the app still works
              — try again in a moment.
            </p>
            <Button onClick={onRetry}>Retry</Button>
          </div>
        </Card>
      </div>
    </div>
  );
}

/** Inline (no icon library): this card must render even when little else has loaded. */
function CloudOffIcon() {
  return (
    <svg
      width="40"
      height="40"
      viewBox="0 0 24 24"
      fill="none"
      stroke={theme.colors.textMuted}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="m2 2 20 20" />
      <path d="M5.78 5.78A7 7 0 0 0 9 19h8.5a4.5 4.5 0 0 0 1.31-.2" />
      <path d="M21.53 16.5A4.5 4.5 0 0 0 17.5 10h-1.79A7 7 0 0 0 9.5 5.5" />
    </svg>
  );
}
