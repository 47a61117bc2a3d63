// /qr-codes/{id}/edit (not shown in the spec): the create form pre-filled with the code's current
// values. The type and the encoded address are fixed (printed codes keep working); a direct code's
// target, the texts, the landing page and the colours change. Saved: a toast, back to the detail.

import type { QrCodeView } from '@studio/events';
import { Button, theme, toast } from '@studio/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { fetchQrCode, qrKeys, updateQrCode } from '../api/qr-api';
import { CodeUnavailable } from '../common/CodeUnavailable';
import { Page } from '../common/ui';
import { QrCodeForm, type QrFormValues } from '../form/QrCodeForm';
import { QR_TEXTS } from '../texts';

const valuesOf = (qr: QrCodeView): QrFormValues => ({
  linkType: qr.linkType,
  title: qr.title,
  description: qr.description ?? '',
  url: qr.linkType === 'direct' ? qr.url : '',
  trackingEnabled: qr.trackingEnabled,
  landingPage: qr.landingPage ?? {},
  colors: qr.colors,
  logo: qr.logo ?? null,
});

/** Only what may change: never the type, nor a landing code's address. */
const changesOf = (v: QrFormValues) => ({
  title: v.title,
  description: v.description,
  ...(v.linkType === 'direct' ? { url: v.url } : { landingPage: v.landingPage }),
  colors: v.colors,
  logo: v.logo,
});

export default function EditQrCodePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const code = useQuery({ queryKey: qrKeys.code(id), queryFn: () => fetchQrCode(id) });
  const [error, setError] = useState<string | null>(null);
  const detail = `/qr-codes/${encodeURIComponent(id)}`;

  const save = useMutation({
    mutationFn: (values: QrFormValues) => updateQrCode(id, changesOf(values)),
    onSuccess: async (next) => {
      queryClient.setQueryData(qrKeys.code(id), next);
      await queryClient.invalidateQueries({ queryKey: qrKeys.list });
      toast({ title: QR_TEXTS.saved, description: QR_TEXTS.savedBody });
      navigate(detail);
    },
    onError: (e) => setError(e instanceof Error ? e.message.replace(/^\d+: /, '') : QR_TEXTS.updateError),
  });

  if (code.isLoading || !code.data) return <CodeUnavailable loading={code.isLoading} />;
  const qr = code.data;

  return (
    <Page>
      <div css={{ display: 'grid', gap: 8 }}>
        <Link to={detail} css={{ fontSize: theme.fontSizes.sm }}>
          ← {QR_TEXTS.back}
        </Link>
        <h1 css={{ margin: 0, fontSize: theme.fontSizes.xl }}>{QR_TEXTS.editTitle}</h1>
      </div>
      <QrCodeForm
        key={qr.id}
        initial={valuesOf(qr)}
        encodedUrl={qr.encodedUrl}
        submitLabel={QR_TEXTS.save}
        pendingLabel={QR_TEXTS.saving}
        pending={save.isPending}
        error={error}
        onSubmit={(values) => {
          setError(null);
          save.mutate(values);
        }}
        actions={
          <Button asChild variant="outline">
            <Link to={detail}>{QR_TEXTS.cancel}</Link>
          </Button>
        }
      />
    </Page>
  );
}
