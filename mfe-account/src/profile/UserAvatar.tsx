// The user's picture, or their initials when there is none or it fails to load.
import { theme } from '@studio/kit';
import { useState } from 'react';

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

export function UserAvatar({ name, src, size = 72 }: { name: string; src?: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const box = {
    width: size,
    height: size,
    borderRadius: '50%',
    flexShrink: 0,
  } as const;
  if (src && !failed) {
    return <img src={src} alt={name} onError={() => setFailed(true)} css={{ ...box, objectFit: 'cover' }} />;
  }
  return (
    <span
      role="img"
      aria-label={name}
      css={{
        ...box,
        display: 'grid',
        placeItems: 'center',
        background: theme.colors.primarySoft,
        color: theme.colors.primary,
        fontWeight: 800,
        fontSize: size / 2.6,
      }}
    >
      {initials(name)}
    </span>
  );
}
