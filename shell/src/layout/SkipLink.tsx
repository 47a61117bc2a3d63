// "Skip to content": the first stop of the keyboard in the signed-in layout (a lazy chunk).
import { MAIN_CONTENT_ID, theme } from '@studio/kit';

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
