// The code's form, shared by create (/qr-codes/new) and edit (/qr-codes/{id}/edit): title,
// description, target URL for direct codes, the landing page's settings with a live preview,
// logo and hero uploads, the code's colours (refused below 4.5:1 contrast). In edit mode the type
// and the encoded address are shown but cannot change: they are what the printed code holds.

import type { LandingPageSettings, QrCodeLogo, QrLinkType } from '@studio/events';
import {
  IMAGE_UPLOAD_ACCEPT,
  imageUploadProblem,
  LANDING_DEFAULTS,
  landingColorsProblem,
  QR_LOGO_DEFAULT_SIZE,
  QR_LOGO_MAX_SIZE,
  QR_LOGO_MIN_SIZE,
  QR_MESSAGES,
  QR_UPLOAD_MAX_BYTES,
  qrColorsProblem,
  qrLogoProblem,
} from '@studio/events/rules';
import { Alert, Button, Card, theme } from '@studio/kit';
import { Field, FilePicker, Input, RadioGroup, Switch, Textarea } from '@studio/kit/widgets';
import { type FormEvent, type ReactNode, useState } from 'react';
import { uploadLandingImage } from '../api/qr-api';
import { LinkTypeBadge, TruncatedUrl } from '../common/ui';
import { QR_TEXTS } from '../texts';
import { ColorField, HEX } from './ColorField';
import { LandingPreview } from './LandingPreview';
import { QrPreview } from './QrPreview';
import { NO_UTM, UTM_FIELDS, type UtmTags, withUtm } from './utm';

export interface QrFormValues {
  linkType: QrLinkType;
  title: string;
  description: string;
  url: string;
  trackingEnabled: boolean;
  landingPage: LandingPageSettings;
  colors: { dark: string; light: string };
  /** The picture in the middle of the code (null: none). */
  logo: QrCodeLogo | null;
}

export const EMPTY_QR_FORM: QrFormValues = {
  linkType: 'landing',
  title: '',
  description: '',
  url: '',
  trackingEnabled: true,
  landingPage: {},
  colors: { dark: '#000000', light: '#FFFFFF' },
  logo: null,
};

interface Props {
  initial: QrFormValues;
  /** Edit mode: the address the printed code holds (type and address are then fixed). */
  encodedUrl?: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The server's answer to the last submit (the spec's validation messages). */
  error: string | null;
  onSubmit: (values: QrFormValues) => void;
  /** Beside the submit button (edit: Cancel). */
  actions?: ReactNode;
}

/** The landing page's logo or hero, or the picture in the middle of the code. */
type UploadTarget = 'logo' | 'hero' | 'code';

/** The slider goes past the limit so the limit can be seen; beyond it the form refuses to save. */
const QR_LOGO_SLIDER_MAX = QR_LOGO_MAX_SIZE + 10;

/** Colour pickers side by side, as many as fit, their swatches on one line. */
const COLOR_ROW = {
  display: 'grid',
  gap: 12,
  alignItems: 'end',
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
} as const;

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export function QrCodeForm({
  initial,
  encodedUrl,
  submitLabel,
  pendingLabel,
  pending,
  error,
  onSubmit,
  actions,
}: Props) {
  const editing = encodedUrl !== undefined;
  const [linkType, setLinkType] = useState<QrLinkType>(initial.linkType);
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [url, setUrl] = useState(initial.url);
  const [utm, setUtm] = useState<UtmTags>(NO_UTM);
  /** What a direct code sends scanners to: the target with its campaign tags. */
  const finalUrl = withUtm(url, utm);
  const [tracking, setTracking] = useState(initial.trackingEnabled);
  const [landing, setLanding] = useState<LandingPageSettings>(initial.landingPage);
  const [colors, setColors] = useState(initial.colors);
  const [codeLogo, setCodeLogo] = useState<QrCodeLogo | null>(initial.logo);
  const codeLogoProblem = codeLogo ? qrLogoProblem(codeLogo.size) : null;
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<{ kind: UploadTarget; message: string } | null>(null);
  const [pickerKeys, setPickerKeys] = useState({ logo: 0, hero: 0, code: 0 });
  const colorProblem = qrColorsProblem(colors);
  const landingColorProblem = linkType === 'landing' ? landingColorsProblem(landing) : null;
  const set = (field: keyof LandingPageSettings) => (value: string) =>
    setLanding((l) => ({ ...l, [field]: value }));

  /** Where an uploaded picture goes: the page's logo or hero, or the middle of the code. */
  const place = (kind: UploadTarget, url: string) => {
    if (kind === 'code')
      setCodeLogo((current) => (url ? { url, size: current?.size ?? QR_LOGO_DEFAULT_SIZE } : null));
    else set(kind === 'logo' ? 'logoUrl' : 'heroImage')(url);
  };

  const upload = (kind: UploadTarget) => async (file: File | null) => {
    if (!file) return place(kind, '');
    setUploadError(null);
    // A file the server would refuse is never encoded nor sent; the picker goes back to the
    // current image, and the message shows under it.
    const problem = imageUploadProblem(file, QR_UPLOAD_MAX_BYTES, QR_MESSAGES.uploadTooLarge);
    const refuse = (message: string) => {
      setUploadError({ kind, message });
      setPickerKeys((keys) => ({ ...keys, [kind]: keys[kind] + 1 }));
    };
    if (problem) return refuse(problem);
    setUploading(true);
    try {
      place(kind, await uploadLandingImage(kind === 'hero' ? 'hero' : 'logo', await readAsDataUrl(file)));
    } catch (e) {
      refuse(e instanceof Error ? e.message.replace(/^\d+: /, '') : QR_MESSAGES.uploadType);
    } finally {
      setUploading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUploadError(null);
    if (!colorProblem && !landingColorProblem && !codeLogoProblem)
      onSubmit({
        linkType,
        title,
        description,
        url: finalUrl,
        trackingEnabled: tracking,
        landingPage: landing,
        colors,
        logo: codeLogo,
      });
  };

  /** A landing page's text: left empty, the page shows the default the placeholder says. */
  const landingText = (
    field: keyof LandingPageSettings & keyof typeof LANDING_DEFAULTS,
    label: string,
    control: { rows?: number; maxLength?: number } = {},
  ) => {
    const props = {
      value: landing[field] ?? '',
      onChange: (e: { target: { value: string } }) => set(field)(e.target.value),
      placeholder: LANDING_DEFAULTS[field],
      ...control,
    };
    return <Field label={label}>{control.rows ? <Textarea {...props} /> : <Input {...props} />}</Field>;
  };

  const color = (label: string, value: string, onChange: (v: string) => void) => (
    <ColorField label={label} value={value} onChange={onChange} />
  );

  const image = (kind: UploadTarget, label: string) => {
    const current = kind === 'code' ? codeLogo?.url : kind === 'logo' ? landing.logoUrl : landing.heroImage;
    return (
      <div css={{ display: 'grid', gap: 6 }}>
        <FilePicker
          key={pickerKeys[kind]}
          label={label}
          accept={IMAGE_UPLOAD_ACCEPT}
          hint="JPG, PNG or WebP, up to 5MB"
          onFileChange={upload(kind)}
          disabled={uploading}
        />
        {uploadError?.kind === kind && (
          <p role="alert" css={{ fontSize: theme.fontSizes.xs, color: theme.colors.danger, margin: 0 }}>
            {uploadError.message}
          </p>
        )}
        {current && (
          <div css={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <img src={current} alt={`Current ${label.toLowerCase()}`} css={{ height: 32, borderRadius: 4 }} />
            <Button type="button" variant="outline" size="sm" onClick={() => place(kind, '')}>
              Remove {label.toLowerCase()}
            </Button>
          </div>
        )}
      </div>
    );
  };

  return (
    <div css={theme.columns(960, 'minmax(0, 1fr) 380px', 20)}>
      <form onSubmit={submit} css={{ display: 'grid', gap: 16, alignContent: 'start' }}>
        <Card title="Code">
          <div css={{ display: 'grid', gap: 14 }}>
            {editing ? (
              <div css={{ display: 'grid', gap: 8 }}>
                <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
                  <LinkTypeBadge linkType={linkType} />
                  <TruncatedUrl url={encodedUrl} />
                </div>
                <Alert tone="info">{QR_TEXTS.editFixed}</Alert>
              </div>
            ) : (
              <RadioGroup
                aria-label={QR_TEXTS.type}
                value={linkType}
                onValueChange={(v) => setLinkType(v as QrLinkType)}
                options={[
                  {
                    value: 'landing',
                    label: `${QR_TEXTS.landingBadge} — collect emails, then optionally redirect`,
                  },
                  { value: 'direct', label: `${QR_TEXTS.directBadge} — send scanners straight to your URL` },
                ]}
              />
            )}
            <Field label={QR_TEXTS.title}>
              <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} required />
            </Field>
            <Field label={QR_TEXTS.description}>
              <Textarea
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                rows={2}
                maxLength={500}
              />
            </Field>
            {linkType === 'direct' && (
              <Field
                label={QR_TEXTS.targetUrl}
                hint={
                  editing
                    ? 'Scanners go here from now on; the printed code stays the same.'
                    : 'You can change it later; the printed code stays the same.'
                }
              >
                <Input
                  type="url"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  placeholder="https://"
                  required
                />
              </Field>
            )}
            {linkType === 'direct' && (
              <fieldset css={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 8, minWidth: 0 }}>
                <legend css={{ fontWeight: 600, padding: 0, marginBottom: 4 }}>{QR_TEXTS.utmLegend}</legend>
                <div
                  css={{
                    display: 'grid',
                    gap: 8,
                    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
                  }}
                >
                  {UTM_FIELDS.map((name) => (
                    <Field key={name} label={QR_TEXTS.utmLabels[name]}>
                      <Input
                        value={utm[name]}
                        onChange={(e) => setUtm((tags) => ({ ...tags, [name]: e.target.value }))}
                        maxLength={100}
                      />
                    </Field>
                  ))}
                </div>
                {finalUrl !== url && (
                  <p css={{ margin: 0, fontSize: theme.fontSizes.sm, overflowWrap: 'anywhere' }}>
                    {QR_TEXTS.utmFinal} <output aria-live="polite">{finalUrl}</output>
                  </p>
                )}
              </fieldset>
            )}
            {!editing && (
              <Switch label={QR_TEXTS.trackingSwitch} checked={tracking} onCheckedChange={setTracking} />
            )}
          </div>
        </Card>
        {linkType === 'landing' && (
          <Card title="Landing page">
            <div css={{ display: 'grid', gap: 14 }}>
              {landingText('title', 'Page title')}
              {landingText('description', 'Page description', { rows: 2 })}
              {image('logo', 'Logo')}
              {image('hero', 'Hero image')}
              {landingText('buttonText', 'Button text', { maxLength: 40 })}
              <div css={COLOR_ROW}>
                {color(
                  'Button colour',
                  landing.buttonColor ?? LANDING_DEFAULTS.buttonColor,
                  set('buttonColor'),
                )}
                {color('Text colour', landing.textColor ?? LANDING_DEFAULTS.textColor, set('textColor'))}
                {color(
                  'Background',
                  landing.backgroundColor ?? LANDING_DEFAULTS.backgroundColor,
                  set('backgroundColor'),
                )}
              </div>
              {landingColorProblem && <Alert tone="warning">{landingColorProblem}</Alert>}
              <Field label="Redirect URL (optional)" hint="Visitors go here 2 seconds after signing up.">
                <Input
                  type="url"
                  value={landing.redirectUrl ?? ''}
                  onChange={(e) => set('redirectUrl')(e.target.value)}
                  placeholder="https://"
                />
              </Field>
              {landingText('thankYouMessage', 'Thank-you message', { rows: 2 })}
            </div>
          </Card>
        )}
        <Card title="QR colours">
          <div css={COLOR_ROW}>
            {color('Code colour', colors.dark, (dark) => setColors((c) => ({ ...c, dark })))}
            {color('Background colour', colors.light, (light) => setColors((c) => ({ ...c, light })))}
          </div>
          <QrPreview
            text={
              encodedUrl ??
              `${window.location.origin}/${linkType === 'landing' ? 'qr-landing' : 'r'}/XXXXXXXXXXXX`
            }
            dark={HEX.test(colors.dark) ? colors.dark : '#000000'}
            light={HEX.test(colors.light) ? colors.light : '#FFFFFF'}
            logo={codeLogo && !codeLogoProblem ? codeLogo : null}
          />
          {colorProblem && <Alert tone="warning">{colorProblem}</Alert>}
          {image('code', 'Logo in the code')}
          {codeLogo && (
            <Field label={`Logo size: ${codeLogo.size}% of the code's width`}>
              <input
                type="range"
                min={QR_LOGO_MIN_SIZE}
                max={QR_LOGO_SLIDER_MAX}
                step={1}
                value={codeLogo.size}
                onChange={(e) => setCodeLogo({ ...codeLogo, size: Number(e.target.value) })}
                css={{ width: '100%', accentColor: theme.colors.primary }}
              />
            </Field>
          )}
          {codeLogoProblem && <Alert tone="warning">{codeLogoProblem}</Alert>}
        </Card>
        {error && <Alert tone="danger">{error}</Alert>}
        <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button
            type="submit"
            disabled={
              pending ||
              uploading ||
              Boolean(colorProblem) ||
              Boolean(landingColorProblem) ||
              Boolean(codeLogoProblem)
            }
          >
            {pending ? pendingLabel : submitLabel}
          </Button>
          {actions}
        </div>
      </form>
      {linkType === 'landing' && (
        <aside aria-label="Landing page preview" css={{ alignSelf: 'start', position: 'sticky', top: 16 }}>
          <p css={{ margin: '0 0 8px', fontWeight: 600 }}>Preview</p>
          <LandingPreview settings={landing} valid={!landingColorProblem} />
        </aside>
      )}
    </div>
  );
}
