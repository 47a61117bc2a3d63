// "Skip to content": the first stop of the keyboard, on the public pages and in the signed-in layout;
// visible only when focused.
import { theme } from '../theme/theme';
import { MAIN_CONTENT_ID } from './main-content';

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      css={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: theme.zIndex.toast,
        padding: '8px 12px',
        borderRadius: theme.radii.sm,
        background: theme.colors.primary,
        color: theme.colors.primaryText,
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </a>
  );
}
