// Radix radio group: arrow keys move between options, each option has its own label.
import * as RadioPrimitive from '@radix-ui/react-radio-group';
import { useId } from 'react';
import { theme } from '../theme/theme';

export interface RadioOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface RadioGroupProps {
  options: readonly RadioOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  name?: string;
  orientation?: 'horizontal' | 'vertical';
  id?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}

export function RadioGroup({ options, orientation = 'vertical', ...props }: RadioGroupProps) {
  const baseId = useId();
  return (
    <RadioPrimitive.Root
      orientation={orientation}
      css={{ display: 'flex', flexDirection: orientation === 'vertical' ? 'column' : 'row', gap: 12 }}
      {...props}
    >
      {options.map((option) => {
        const id = `${baseId}-${option.value}`;
        return (
          <div key={option.value} css={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <RadioPrimitive.Item
              id={id}
              value={option.value}
              disabled={option.disabled}
              css={{
                width: 20,
                height: 20,
                borderRadius: '50%',
                border: `2px solid ${theme.colors.border}`,
                background: theme.colors.surface,
                display: 'grid',
                placeItems: 'center',
                cursor: 'pointer',
                padding: 0,
                '&[data-state="checked"]': { borderColor: theme.colors.primary },
                '&:focus-visible': theme.focusRing,
                '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
              }}
            >
              <RadioPrimitive.Indicator
                css={{ width: 10, height: 10, borderRadius: '50%', background: theme.colors.primary }}
              />
            </RadioPrimitive.Item>
            <label htmlFor={id} css={{ fontSize: theme.fontSizes.sm, cursor: 'pointer' }}>
              {option.label}
            </label>
          </div>
        );
      })}
    </RadioPrimitive.Root>
  );
}
