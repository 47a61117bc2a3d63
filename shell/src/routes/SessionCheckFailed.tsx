// 'Failed to fetch user' on a signed-in page: the check failed, the session is kept, Retry asks
// again. A rare path, so its own chunk (the shell's first load stays within budget).
import { Alert, Button } from '@studio/kit';
import { useEffect, useRef } from 'react';

export default function SessionCheckFailed({ onRetry }: { onRetry: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // After Retry the button may be replaced; the heading keeps focus somewhere sensible.
  useEffect(() => heading.current?.focus(), []);
  return (
    <main css={{ display: 'grid', placeItems: 'center', minHeight: '100vh', padding: 16 }}>
      <div css={{ width: 'min(480px, 100%)', display: 'grid', gap: 12 }}>
        <h1 ref={heading} tabIndex={-1} css={{ fontSize: 20, fontWeight: 700, outline: 'none' }}>
          We couldn't check your session
        </h1>
        <Alert tone="danger" title="Failed to fetch user">
          You are still signed in. Check your connection and try again.
        </Alert>
        <div>
          <Button onClick={onRetry}>Retry</Button>
        </div>
      </div>
    </main>
  );
}
