// Small pieces the QR screens share: a page frame, a copy button with its 2-second feedback, the
// code's kind badges.
import type { QrCodeView } from '@studio/events';
import { Badge, Button, theme, toast } from '@studio/kit';
import { type ReactNode, useState } from 'react';
import { COPY_FEEDBACK_MS, QR_TEXTS } from '../texts';

export function Page({ children }: { children: ReactNode }) {
  return (
    <div css={{ maxWidth: 1120, margin: '0 auto', padding: '24px 16px', display: 'grid', gap: 20 }}>
      {children}
    </div>
  );
}

/** Landing page or direct link: the badge every screen names a code's kind with. */
export function LinkTypeBadge({ linkType }: { linkType: QrCodeView['linkType'] }) {
  const landing = linkType === 'landing';
  return (
    <Badge tone={landing ? 'primary' : 'info'}>
      {landing ? QR_TEXTS.landingBadge : QR_TEXTS.directBadge}
    </Badge>
  );
}

/** Whether the code's scans are counted. */
export function TrackingBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge tone={enabled ? 'success' : 'neutral'}>
      {enabled ? QR_TEXTS.trackingOn : QR_TEXTS.trackingOff}
    </Badge>
  );
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast({ title: QR_TEXTS.copied });
      setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    } catch {
      toast({
        title: QR_TEXTS.copyFailed,
        description: 'Failed to copy text to clipboard.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={copy} aria-label={`${QR_TEXTS.copy} ${label}`}>
      {copied ? '✓' : QR_TEXTS.copy}
    </Button>
  );
}

/** A URL shown on one line, cut at about 180 px (docs/product/creation-tools-qr.md (Limits and costs)). */
export function TruncatedUrl({ url }: { url: string }) {
  return (
    <span
      title={url}
      css={{
        display: 'inline-block',
        maxWidth: 180,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
        color: theme.colors.textMuted,
        fontSize: theme.fontSizes.sm,
      }}
    >
      {url}
    </span>
  );
}

export const tableCss = {
  width: '100%',
  borderCollapse: 'collapse' as const,
  fontSize: theme.fontSizes.sm,
  '& th, & td': {
    textAlign: 'left' as const,
    padding: '8px 10px',
    borderBottom: `1px solid ${theme.colors.border}`,
  },
  '& th': { color: theme.colors.textMuted, fontWeight: 600 },
};

/**
 * A table that becomes one block per row on a phone: each cell on its own line after its column's
 * name (the cell's `data-label`), so nothing is cut at the card's edge or needs a sideways swipe.
 * The header row stays for screen readers only; the cells keep their table roles.
 */
export const stackedTableCss = {
  ...tableCss,
  '@media (max-width: 599px)': {
    '& thead': {
      position: 'absolute' as const,
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap' as const,
    },
    '& tr': { display: 'block', padding: '8px 0', borderBottom: `1px solid ${theme.colors.border}` },
    '& td': {
      display: 'flex',
      gap: 12,
      justifyContent: 'space-between',
      padding: '4px 0',
      border: 0,
      overflowWrap: 'anywhere' as const,
    },
    '& td::before': {
      content: 'attr(data-label)',
      color: theme.colors.textMuted,
      fontWeight: 600,
      flex: '0 0 auto',
    },
  },
};
