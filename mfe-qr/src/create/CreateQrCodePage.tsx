// /qr-codes/new (not shown in the spec): type, title, description, target URL; for landing codes
// the page's settings with a live preview; the code's colours, refused below 4.5:1 contrast.
import { QR_MESSAGES, qrColorsProblem } from '@studio/events/rules';
import { Alert, Button, Card, theme } from '@studio/kit';
import { Field, FilePicker, Input, RadioGroup, Switch, Textarea } from '@studio/kit/widgets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createQrCode, qrKeys, uploadLandingImage } from '../api/qr-api';
import type { LandingSettings, LinkType } from '../api/types';
import { Page } from '../common/ui';
import { LandingView, withDefaults } from '../landing/LandingView';
import { LANDING_DEFAULTS, QR_TEXTS } from '../texts';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export default function CreateQrCodePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [linkType, setLinkType] = useState<LinkType>('landing');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [url, setUrl] = useState('');
  const [tracking, setTracking] = useState(true);
  const [landing, setLanding] = useState<LandingSettings>({});
  const [colors, setColors] = useState({ dark: '#000000', light: '#FFFFFF' });
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const colorProblem = qrColorsProblem(colors);
  const set = (field: keyof LandingSettings) => (value: string) =>
    setLanding((l) => ({ ...l, [field]: value }));

  const upload = (kind: 'logo' | 'hero') => async (file: File | null) => {
    const field = kind === 'logo' ? 'logoUrl' : 'heroImage';
    if (!file) return set(field)('');
    setUploading(true);
    setError(null);
    try {
      set(field)(await uploadLandingImage(kind, await readAsDataUrl(file)));
    } catch (e) {
      setError(e instanceof Error ? e.message.replace(/^\d+: /, '') : QR_MESSAGES.uploadType);
    } finally {
      setUploading(false);
    }
  };

  const create = useMutation({
    mutationFn: () =>
      createQrCode({
        title,
        ...(description ? { description } : {}),
        linkType,
        ...(linkType === 'direct' ? { url } : { landingPage: landing }),
        trackingEnabled: tracking,
        colors,
      }),
    onSuccess: async (code) => {
      await queryClient.invalidateQueries({ queryKey: qrKeys.list });
      navigate(`/qr-codes/${code.id}`);
    },
    onError: (e) =>
      setError(e instanceof Error ? e.message.replace(/^\d+: /, '') : 'Failed to create QR code'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!colorProblem) create.mutate();
  };

  const color = (label: string, value: string, onChange: (v: string) => void) => (
    <Field label={label}>
      <Input
        type="color"
        value={value}
        onChange={(e) => onChange(e.target.value.toUpperCase())}
        css={{ height: 40, padding: 4 }}
      />
    </Field>
  );

  return (
    <Page>
      <h1 css={{ margin: 0, fontSize: theme.fontSizes.xl }}>{QR_TEXTS.newCode}</h1>
      <div
        css={{
          display: 'grid',
          gap: 20,
          gridTemplateColumns: 'minmax(0, 1fr)',
          '@media (min-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr) 380px' },
        }}
      >
        <form onSubmit={submit} css={{ display: 'grid', gap: 16, alignContent: 'start' }}>
          <Card title="Code">
            <div css={{ display: 'grid', gap: 14 }}>
              <RadioGroup
                aria-label={QR_TEXTS.type}
                value={linkType}
                onValueChange={(v) => setLinkType(v as LinkType)}
                options={[
                  {
                    value: 'landing',
                    label: `${QR_TEXTS.landingBadge} — collect emails, then optionally redirect`,
                  },
                  { value: 'direct', label: `${QR_TEXTS.directBadge} — send scanners straight to your URL` },
                ]}
              />
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
                  hint="You can change it later; the printed code stays the same."
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
              <Switch label={QR_TEXTS.trackingSwitch} checked={tracking} onCheckedChange={setTracking} />
            </div>
          </Card>
          {linkType === 'landing' && (
            <Card title="Landing page">
              <div css={{ display: 'grid', gap: 14 }}>
                <Field label="Page title">
                  <Input
                    value={landing.title ?? ''}
                    onChange={(e) => set('title')(e.target.value)}
                    placeholder={LANDING_DEFAULTS.title}
                  />
                </Field>
                <Field label="Page description">
                  <Textarea
                    value={landing.description ?? ''}
                    onChange={(e) => set('description')(e.target.value)}
                    placeholder={LANDING_DEFAULTS.description}
                    rows={2}
                  />
                </Field>
                <FilePicker
                  label="Logo"
                  accept="image/*"
                  hint="JPG, PNG, GIF or WebP, up to 5MB"
                  onFileChange={upload('logo')}
                  disabled={uploading}
                />
                <FilePicker
                  label="Hero image"
                  accept="image/*"
                  hint="JPG, PNG, GIF or WebP, up to 5MB"
                  onFileChange={upload('hero')}
                  disabled={uploading}
                />
                <Field label="Button text">
                  <Input
                    value={landing.buttonText ?? ''}
                    onChange={(e) => set('buttonText')(e.target.value)}
                    placeholder={LANDING_DEFAULTS.buttonText}
                    maxLength={40}
                  />
                </Field>
                <div css={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}>
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
                <Field label="Redirect URL (optional)" hint="Visitors go here 2 seconds after signing up.">
                  <Input
                    type="url"
                    value={landing.redirectUrl ?? ''}
                    onChange={(e) => set('redirectUrl')(e.target.value)}
                    placeholder="https://"
                  />
                </Field>
                <Field label="Thank-you message">
                  <Textarea
                    value={landing.thankYouMessage ?? ''}
                    onChange={(e) => set('thankYouMessage')(e.target.value)}
                    placeholder={LANDING_DEFAULTS.thankYouMessage}
                    rows={2}
                  />
                </Field>
              </div>
            </Card>
          )}
          <Card title="QR colours">
            <div css={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
              {color('Code colour', colors.dark, (dark) => setColors((c) => ({ ...c, dark })))}
              {color('Background colour', colors.light, (light) => setColors((c) => ({ ...c, light })))}
            </div>
            {colorProblem && <Alert tone="warning">{colorProblem}</Alert>}
          </Card>
          {error && <Alert tone="danger">{error}</Alert>}
          <div>
            <Button type="submit" disabled={create.isPending || uploading || Boolean(colorProblem)}>
              {create.isPending ? 'Creating...' : QR_TEXTS.newCode}
            </Button>
          </div>
        </form>
        {linkType === 'landing' && (
          <aside aria-label="Landing page preview" css={{ alignSelf: 'start', position: 'sticky', top: 16 }}>
            <p css={{ margin: '0 0 8px', fontWeight: 600 }}>Preview</p>
            <div
              css={{
                border: `1px solid ${theme.colors.border}`,
                borderRadius: 16,
                overflow: 'hidden',
                height: 640,
              }}
            >
              <LandingView settings={withDefaults(landing)} />
            </div>
          </aside>
        )}
      </div>
    </Page>
  );
}
