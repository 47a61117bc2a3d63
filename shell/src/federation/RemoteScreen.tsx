// Renders one screen of one remote: spinner while loading, friendly Retry card if it fails.
import { MAIN_CONTENT_ID, type RemoteName, Spinner } from '@studio/kit';
import { type ComponentType, Suspense, use, useLayoutEffect, useState } from 'react';
import { revealApp } from '../app/prerendered';
import { forgetRemote, loadScreens } from './load-screens';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';

export interface RemoteScreenProps {
  remote: RemoteName;
  /** A key of the remote's './screens' map, as its route list names it. */
  screen: string;
}

function LoadedScreen({ remote, screen, afterRetry = false }: RemoteScreenProps & { afterRetry?: boolean }) {
  const { screens } = use(loadScreens(remote));
  const Screen: ComponentType | undefined = screens[screen];
  if (!Screen) throw new Error(`Remote "${remote}" has no screen "${screen}"`);
  return (
    <>
      <Screen />
      <RevealOnCommit afterRetry={afterRetry} />
    </>
  );
}

/**
 * Runs once the whole screen (its lazy chunk included) has committed, before the browser paints.
 * After a Retry the button that had focus is gone: focus moves to the page's main landmark, so a
 * keyboard or screen-reader user continues at the content that just loaded.
 */
function RevealOnCommit({ afterRetry }: { afterRetry: boolean }) {
  useLayoutEffect(() => {
    revealApp();
    if (afterRetry) document.getElementById(MAIN_CONTENT_ID)?.focus();
  }, [afterRetry]);
  return null;
}

export function ScreenLoading() {
  return (
    <div css={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
      <Spinner size={32} label="Loading page" />
    </div>
  );
}

export function RemoteScreen({ remote, screen }: RemoteScreenProps) {
  // Bumped by Retry so React mounts a fresh subtree that calls loadScreens again.
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteErrorBoundary
      key={attempt}
      onReset={() => forgetRemote(remote)}
      fallback={(_error, reset) => (
        <RemoteUnavailable
          remote={remote}
          onRetry={() => {
            reset();
            setAttempt((n) => n + 1);
          }}
        />
      )}
    >
      <Suspense fallback={<ScreenLoading />}>
        <LoadedScreen remote={remote} screen={screen} afterRetry={attempt > 0} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
