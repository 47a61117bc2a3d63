// Radix Select styled like the other fields; keyboard and screen-reader friendly.
import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { cspNonce } from '../theme/csp-nonce';
import { theme } from '../theme/theme';
import { fieldStyles } from './field-styles';
import { useInertOutside } from './use-inert-outside';

const styleNonce = cspNonce();

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  name?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

export function Select({ options, placeholder = 'Select…', id, ...props }: SelectProps) {
  const {
    'aria-label': ariaLabel,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
    ...root
  } = props;
  // While the list is open the page behind it is inert. Keyed on the open state: Radix does not
  // hand the content's ref back as null when the list closes.
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<HTMLDivElement | null>(null);
  useInertOutside(open ? list : null);
  return (
    <SelectPrimitive.Root {...root} open={open} onOpenChange={setOpen}>
      <SelectPrimitive.Trigger
        id={id}
        aria-label={ariaLabel}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        css={{
          ...fieldStyles,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 8,
          cursor: 'pointer',
        }}
      >
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon>
          <ChevronDown size={16} aria-hidden />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          ref={setList}
          position="popper"
          sideOffset={4}
          css={{
            zIndex: theme.zIndex.dialog + 1,
            minWidth: 'var(--radix-select-trigger-width)',
            background: theme.colors.surface,
            border: `1px solid ${theme.colors.border}`,
            borderRadius: theme.radii.md,
            boxShadow: theme.shadows.md,
            padding: 4,
          }}
        >
          {/* Radix writes a <style> tag here (hidden scrollbars): it needs the page's CSP nonce. */}
          <SelectPrimitive.Viewport {...(styleNonce ? { nonce: styleNonce } : {})}>
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                css={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 8,
                  padding: '8px 10px',
                  borderRadius: theme.radii.sm,
                  fontSize: theme.fontSizes.sm,
                  cursor: 'pointer',
                  outline: 'none',
                  '&[data-highlighted]': { background: theme.colors.primarySoft },
                  '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
                }}
              >
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                <SelectPrimitive.ItemIndicator>
                  <Check size={14} aria-hidden />
                </SelectPrimitive.ItemIndicator>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
