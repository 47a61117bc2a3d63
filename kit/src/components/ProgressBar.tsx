// Radix Progress: exposes role=progressbar with the value to assistive technology.
import * as ProgressPrimitive from '@radix-ui/react-progress';
import { theme } from '../theme/theme';

export interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  label: string;
  color?: string;
  height?: number;
}

export function ProgressBar({ value, label, color = theme.colors.primary, height = 8 }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={100}
      aria-label={label}
      getValueLabel={(v) => `${v}%`}
      css={{
        position: 'relative',
        overflow: 'hidden',
        width: '100%',
        height,
        borderRadius: theme.radii.pill,
        background: theme.colors.surfaceMuted,
      }}
    >
      <ProgressPrimitive.Indicator
        css={{ width: '100%', height: '100%', background: color, transition: 'transform 300ms ease' }}
        style={{ transform: `translateX(-${100 - clamped}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
