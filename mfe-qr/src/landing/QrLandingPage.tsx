// /qr-landing/{id} reached by navigating inside the app: the landing page is the server's own page
// (one renderer for visitors and the owner's preview, with the form's page token), so the screen
// loads it for real instead of drawing a copy.
import { Spinner } from '@studio/kit';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';

export default function QrLandingPage() {
  const { id = '' } = useParams();
  useEffect(() => {
    window.location.replace(`/qr-landing/${encodeURIComponent(id)}`);
  }, [id]);
  return (
    <div css={{ display: 'grid', placeItems: 'center', padding: 48 }}>
      <Spinner />
    </div>
  );
}
