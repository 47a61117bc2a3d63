// The art style of a picture tool, a book's cover or a kids book: the presets for every plan, the
// account's saved styles on Premium, an upgrade hint otherwise. Coloring pages have none (line art).
import {
  DEFAULT_STYLE,
  SAVED_STYLE_TIERS,
  STYLE_PRESET_LABELS,
  STYLE_PRESETS,
  savedStyleValue,
} from '@studio/events';
import { Button, theme, useUser } from '@studio/kit';
import { RadioGroup } from '@studio/kit/widgets';
import { Link } from 'react-router-dom';
import { MyStylesDialog } from './MyStylesDialog';
import { STYLE_TEXTS } from './texts';
import { useSavedStyles } from './use-saved-styles';

export const DEFAULT_STYLE_VALUE: string = DEFAULT_STYLE;

const PRESETS = STYLE_PRESETS.map((preset) => ({ value: preset, label: STYLE_PRESET_LABELS[preset] }));

const premium = (tier: string | undefined) =>
  (SAVED_STYLE_TIERS as readonly string[]).some((t) => t.toLowerCase() === (tier ?? '').toLowerCase());

export function StyleField({
  value,
  onChange,
  error,
  note,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Where the style goes when not on everything the tool makes (a coloring book's cover). */
  note?: string;
}) {
  const user = useUser();
  const onPremium = premium(user?.subscriptionTier);
  const saved = useSavedStyles();
  const mine = saved.data?.canUse ? saved.data.styles : [];
  const options = [
    ...PRESETS,
    ...mine.map((s) => ({ value: savedStyleValue(s.id), label: `${s.name} (${STYLE_TEXTS.mine})` })),
  ];
  return (
    <fieldset css={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 8, minWidth: 0 }}>
      <legend css={{ fontSize: theme.fontSizes.sm, fontWeight: 600, padding: 0, marginBottom: 6 }}>
        {STYLE_TEXTS.legend}
      </legend>
      <RadioGroup
        name="style"
        aria-label={STYLE_TEXTS.legend}
        aria-describedby="style-hint"
        options={options}
        value={options.some((o) => o.value === value) ? value : DEFAULT_STYLE_VALUE}
        onValueChange={onChange}
      />
      <p id="style-hint" css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted, margin: 0 }}>
        {note ? `${note} ` : ''}
        {STYLE_TEXTS.presetsHint}
      </p>
      {error && (
        <p role="alert" css={{ fontSize: theme.fontSizes.xs, color: theme.colors.danger, margin: 0 }}>
          {error}
        </p>
      )}
      {onPremium ? (
        <div css={{ display: 'grid', gap: 6 }} aria-live="polite">
          {saved.isPending && <p css={{ margin: 0, fontSize: theme.fontSizes.sm }}>{STYLE_TEXTS.loading}</p>}
          {saved.isError && (
            <p css={{ margin: 0, fontSize: theme.fontSizes.sm, color: theme.colors.danger }}>
              {STYLE_TEXTS.loadFailed}{' '}
              <Button type="button" variant="outline" size="sm" onClick={() => saved.refetch()}>
                {STYLE_TEXTS.retry}
              </Button>
            </p>
          )}
          {saved.isSuccess && mine.length === 0 && (
            <p css={{ margin: 0, fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>
              {STYLE_TEXTS.none}
            </p>
          )}
          <div>
            <MyStylesDialog />
          </div>
        </div>
      ) : (
        <p css={{ margin: 0, fontSize: theme.fontSizes.sm }} data-testid="styles-upgrade">
          {saved.data?.styles.length ? STYLE_TEXTS.downgraded : STYLE_TEXTS.upgrade}{' '}
          <Link to="/pricing">{STYLE_TEXTS.upgradeLink}</Link>
        </p>
      )}
    </fieldset>
  );
}
