// The landing page's live preview: the server's own page (the renderer visitors get) drawn with the
// draft settings, at a phone's width or a desktop's scaled down. Sandboxed: its own opaque origin,
// and its form cannot be sent.

import type { LandingPageSettings } from '@studio/events';
import { Button, theme } from '@studio/kit';
import { useEffect, useRef, useState } from 'react';

/** Typing settles before the preview reloads. */
const PREVIEW_DELAY_MS = 300;
const VIEWS = {
  phone: { label: 'Phone', width: 375, height: 720 },
  desktop: { label: 'Desktop', width: 1280, height: 2000 },
} as const;
/** The frame's width in the form's side column. */
const FRAME_WIDTH = 378;
const FRAME_HEIGHT = 640;

export const previewAddress = (settings: LandingPageSettings) =>
  `/api/qr-preview?settings=${encodeURIComponent(
    JSON.stringify(
      Object.fromEntries(Object.entries(settings).filter(([, v]) => typeof v === 'string' && v !== '')),
    ),
  )}`;

export function LandingPreview({ settings, valid }: { settings: LandingPageSettings; valid: boolean }) {
  const [view, setView] = useState<keyof typeof VIEWS>('phone');
  const wanted = previewAddress(settings);
  const [shown, setShown] = useState(wanted);
  useEffect(() => {
    // Settings the server would refuse (unreadable colours) keep the last page shown; the form says why.
    if (!valid || wanted === shown) return;
    const timer = setTimeout(() => setShown(wanted), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted, shown, valid]);
  // The frame's room: the side column at desktop widths, less on a phone (scaled to fit, never cut).
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(FRAME_WIDTH);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setRoom(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const { width, height } = VIEWS[view];
  const scale = Math.min(1, room / width);
  return (
    <div>
      <fieldset css={{ display: 'flex', gap: 6, margin: '0 0 8px', padding: 0, border: 0 }}>
        <legend
          css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        >
          Preview size
        </legend>
        {(Object.keys(VIEWS) as Array<keyof typeof VIEWS>).map((key) => (
          <Button
            key={key}
            type="button"
            size="sm"
            variant={view === key ? 'primary' : 'outline'}
            aria-pressed={view === key}
            onClick={() => setView(key)}
          >
            {VIEWS[key].label}
          </Button>
        ))}
      </fieldset>
      <div
        ref={box}
        css={{
          border: `1px solid ${theme.colors.border}`,
          borderRadius: 16,
          overflow: 'hidden',
          width: '100%',
          maxWidth: FRAME_WIDTH + 2,
          height: FRAME_HEIGHT,
        }}
      >
        <iframe
          title="Landing page preview"
          src={shown}
          // An opaque origin with no forms: nothing in it reaches the app or sends a signup. Scripts
          // are allowed only so the browser does not report each blocked attempt (the page links none).
          sandbox="allow-scripts"
          // A picture of the page: Tab passes it by (its fields are inert too).
          tabIndex={-1}
          width={width}
          height={Math.ceil(Math.max(height, FRAME_HEIGHT / scale))}
          css={{ border: 0, display: 'block', transform: `scale(${scale})`, transformOrigin: '0 0' }}
        />
      </div>
    </div>
  );
}
