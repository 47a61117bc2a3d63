// Radix Switch with its own visible label.
import * as SwitchPrimitive from '@radix-ui/react-switch';
import { useId } from 'react';
import { theme } from '../theme/theme';

export interface SwitchProps {
  label: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
}

export function Switch({ label, ...props }: SwitchProps) {
  const id = useId();
  return (
    <div css={{ display: 'flex', alignItems: 'center', gap: 10 }}>
      <SwitchPrimitive.Root
        id={id}
        css={{
          width: 42,
          height: 24,
          padding: 2,
          border: 0,
          borderRadius: theme.radii.pill,
          background: theme.colors.border,
          cursor: 'pointer',
          transition: 'background 120ms ease',
          '&[data-state="checked"]': { background: theme.colors.primary },
          '&:focus-visible': theme.focusRing,
          '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
        }}
        {...props}
      >
        <SwitchPrimitive.Thumb
          css={{
            display: 'block',
            width: 20,
            height: 20,
            borderRadius: '50%',
            background: '#fff',
            boxShadow: theme.shadows.sm,
            transition: 'transform 120ms ease',
            '&[data-state="checked"]': { transform: 'translateX(18px)' },
          }}
        />
      </SwitchPrimitive.Root>
      <label htmlFor={id} css={{ fontSize: theme.fontSizes.sm, cursor: 'pointer' }}>
        {label}
      </label>
    </div>
  );
}
