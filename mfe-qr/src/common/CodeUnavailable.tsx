// What a code's screens (detail, edit) show until the code is there: a spinner while it loads,
// "QR code not found" with the way back when it cannot be read.
import { Alert, Button, Spinner } from '@studio/kit';
import { Link } from 'react-router-dom';
import { QR_TEXTS } from '../texts';
import { Page } from './ui';

export function CodeUnavailable({ loading }: { loading: boolean }) {
  if (loading)
    return (
      <Page>
        <Spinner />
      </Page>
    );
  return (
    <Page>
      <Alert tone="danger" title={QR_TEXTS.notFound}>
        {QR_TEXTS.fetchFailed}
      </Alert>
      <div>
        <Button asChild variant="outline">
          <Link to="/qr-codes">{QR_TEXTS.back}</Link>
        </Button>
      </div>
    </Page>
  );
}
