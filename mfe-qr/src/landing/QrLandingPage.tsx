// /qr-landing/{id} inside the app (spec 02 §2, §4, §7): loads the settings, fires the scan beacon
// (the server does not count it twice), takes the signup. A fresh visit is served by the server.
import { apiJson, toast } from '@studio/kit';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { LandingSettings } from '../api/types';
import { QR_TEXTS } from '../texts';
import { LandingView, withDefaults } from './LandingView';

export default function QrLandingPage() {
  const { id = '' } = useParams();
  const [settings, setSettings] = useState<LandingSettings>({});
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    const path = `/api/qr-landing/${encodeURIComponent(id)}`;
    apiJson<{ landingPage: LandingSettings }>('GET', `${path}/data`)
      .then((res) => {
        if (!live) return;
        setSettings(res.landingPage);
        apiJson('POST', path, { source: 'scan' }).catch((error: unknown) =>
          console.warn('scan not recorded', error),
        );
      })
      .catch(() => {
        if (live)
          toast({
            title: QR_TEXTS.loadFailedTitle,
            description: QR_TEXTS.loadFailedBody,
            variant: 'destructive',
          });
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id]);
  return (
    <LandingView
      settings={withDefaults(settings)}
      loading={loading}
      onSubmit={async (input) => {
        await apiJson('POST', `/api/qr-landing/${encodeURIComponent(id)}`, { ...input, source: 'signup' });
      }}
    />
  );
}
