// A native progressbar (role, value and label for assistive technology); no primitive needed,
// which keeps it out of the shell's first load.
import { theme } from '../theme/theme';

export interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  label: string;
  color?: string;
  height?: number;
}

export function ProgressBar({ value, label, color = theme.colors.primary, height = 8 }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={`${clamped}%`}
      css={{
        position: 'relative',
        overflow: 'hidden',
        width: '100%',
        height,
        borderRadius: theme.radii.pill,
        background: theme.colors.surfaceMuted,
        // The track's edge must be seen (3:1, WCAG 1.4.11), on white cards and tinted ones alike.
        boxShadow: `inset 0 0 0 1px ${theme.colors.borderStrong}`,
      }}
    >
      <div
        css={{ width: '100%', height: '100%', background: color, transition: 'transform 300ms ease' }}
        style={{ transform: `translateX(-${100 - clamped}%)` }}
      />
    </div>
  );
}
