// The friendly message shown in place of a remote that could not be loaded.
import { Button, Card, type RemoteName, theme } from '@studio/kit';
import { CloudOff, RotateCw } from 'lucide-react';
import { REMOTE_LABELS } from './remote-labels';

export function RemoteUnavailable({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  return (
    <div css={{ display: 'grid', placeItems: 'center', padding: 'clamp(16px, 6vw, 64px) 16px' }}>
      <div css={{ width: 'min(480px, 100%)' }}>
        <Card>
          <div role="alert" css={{ display: 'grid', justifyItems: 'center', gap: 12, textAlign: 'center' }}>
            <CloudOff size={40} color={theme.colors.textMuted} aria-hidden />
            <h1 css={{ fontSize: theme.fontSizes.xl, fontWeight: 700 }}>This page couldn't be loaded</h1>
            <p css={{ color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }}>
              The {REMOTE_LABELS[remote]} section is temporarily unavailable. The rest of the app still works
              — try again in a moment.
            </p>
            <Button onClick={onRetry}>
              <RotateCw aria-hidden />
              Retry
            </Button>
          </div>
        </Card>
      </div>
    </div>
  );
}
