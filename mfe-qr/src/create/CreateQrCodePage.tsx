// /qr-codes/new (not shown in the spec): the code's form (form/QrCodeForm.tsx) with a type choice.
import { theme } from '@studio/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createQrCode, qrKeys } from '../api/qr-api';
import { Page } from '../common/ui';
import { EMPTY_QR_FORM, QrCodeForm, type QrFormValues } from '../form/QrCodeForm';
import { QR_TEXTS } from '../texts';

export default function CreateQrCodePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: (v: QrFormValues) =>
      createQrCode({
        title: v.title,
        ...(v.description ? { description: v.description } : {}),
        linkType: v.linkType,
        ...(v.linkType === 'direct' ? { url: v.url } : { landingPage: v.landingPage }),
        trackingEnabled: v.trackingEnabled,
        colors: v.colors,
        ...(v.logo ? { logo: v.logo } : {}),
      }),
    onSuccess: async (code) => {
      await queryClient.invalidateQueries({ queryKey: qrKeys.list });
      navigate(`/qr-codes/${code.id}`);
    },
    onError: (e) =>
      setError(e instanceof Error ? e.message.replace(/^\d+: /, '') : 'Failed to create QR code'),
  });

  return (
    <Page>
      <h1 css={{ margin: 0, fontSize: theme.fontSizes.xl }}>{QR_TEXTS.newCode}</h1>
      <QrCodeForm
        initial={EMPTY_QR_FORM}
        submitLabel={QR_TEXTS.newCode}
        pendingLabel="Creating..."
        pending={create.isPending}
        error={error}
        onSubmit={(values) => {
          setError(null);
          create.mutate(values);
        }}
      />
    </Page>
  );
}
