// /qr-codes: the owner's codes with type, tracking, scans, signups and creation date (not shown in
// the spec; laid out as QR products list theirs). Rows link to the detail screen.
import { Alert, Button, buttonStyles, Card, Spinner, theme } from '@studio/kit';
import { EmptyState } from '@studio/kit/widgets';
import { useQuery } from '@tanstack/react-query';
import { QrCode } from 'lucide-react';
import { Link } from 'react-router-dom';
import { fetchQrCodes, formatDate, qrKeys } from '../api/qr-api';
import { LinkTypeBadge, Page, stackedTableCss } from '../common/ui';
import { QR_TEXTS } from '../texts';

/** On a phone the key columns (name, type, scans, signups) fit; these give way. */

export default function QrCodesPage() {
  const { data, isLoading, isError } = useQuery({ queryKey: qrKeys.list, queryFn: fetchQrCodes });
  return (
    <Page>
      <div
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 12,
          justifyContent: 'space-between',
          alignItems: 'center',
        }}
      >
        <div>
          <h1 css={{ margin: 0, fontSize: theme.fontSizes.xl }}>{QR_TEXTS.listTitle}</h1>
          <p css={{ margin: '4px 0 0', color: theme.colors.textMuted }}>{QR_TEXTS.listIntro}</p>
        </div>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          <Button variant="outline" asChild>
            <Link to="/qr-codes/bulk">{QR_TEXTS.bulkLink}</Link>
          </Button>
          <Button asChild>
            <Link to="/qr-codes/new">{QR_TEXTS.newCode}</Link>
          </Button>
        </div>
      </div>
      {data?.length === 0 ? (
        <EmptyState
          icon={<QrCode aria-hidden />}
          title={QR_TEXTS.noCodesTitle}
          actions={
            <Link to="/qr-codes/new" css={buttonStyles('primary', 'sm')}>
              {QR_TEXTS.newCode}
            </Link>
          }
        >
          {QR_TEXTS.noCodes}
        </EmptyState>
      ) : (
        <Card>
          {isLoading ? (
            <Spinner />
          ) : isError || !data ? (
            <Alert tone="danger">{QR_TEXTS.fetchFailed}</Alert>
          ) : (
            <div>
              <table css={stackedTableCss}>
                <thead>
                  <tr>
                    <th>{QR_TEXTS.title}</th>
                    <th>{QR_TEXTS.type}</th>
                    <th>{QR_TEXTS.scans}</th>
                    <th>{QR_TEXTS.signups}</th>
                    <th>Tracking</th>
                    <th>{QR_TEXTS.created}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((code) => (
                    <tr key={code.id}>
                      <td data-label={QR_TEXTS.title}>
                        <Link to={`/qr-codes/${code.id}`}>{code.title}</Link>
                      </td>
                      <td data-label={QR_TEXTS.type}>
                        <LinkTypeBadge linkType={code.linkType} />
                      </td>
                      <td data-label={QR_TEXTS.scans}>{code.scans}</td>
                      <td data-label={QR_TEXTS.signups}>
                        {code.linkType === 'landing' ? code.signups : '—'}
                      </td>
                      <td data-label="Tracking">{code.trackingEnabled ? 'On' : 'Off'}</td>
                      <td data-label={QR_TEXTS.created}>{formatDate(code.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      )}
    </Page>
  );
}
