// /qr-codes/{id} (docs/product/creation-tools-qr.md (Screens and routes, Messages)): header with badges, refresh, edit and delete; the QR card; tabs
// Analytics, Details and Email Signups (landing codes only).

import type { QrCodeView } from '@studio/events';
import { Button, Card, Spinner, theme, toast } from '@studio/kit';
import { Dialog } from '@studio/kit/overlays';
import { Switch, Tabs } from '@studio/kit/widgets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  deleteQrCode,
  download,
  fetchAnalytics,
  fetchEmails,
  fetchQrCode,
  formatDate,
  formatDateTime,
  qrKeys,
  updateQrCode,
} from '../api/qr-api';
import { CodeUnavailable } from '../common/CodeUnavailable';
import {
  CopyButton,
  LinkTypeBadge,
  Page,
  stackedTableCss,
  TrackingBadge,
  TruncatedUrl,
  tableCss,
} from '../common/ui';
import { BREAKDOWN_LABELS, QR_TEXTS } from '../texts';
import { Breakdown } from './Breakdown';
import { conversionLabel } from './conversion';
import { DailyChart } from './DailyChart';
import { RefusedSignups } from './RefusedSignups';

const failed = (title: string) => () =>
  toast({ title, description: 'Please try again.', variant: 'destructive' });

export default function QrCodeDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const code = useQuery({ queryKey: qrKeys.code(id), queryFn: () => fetchQrCode(id) });
  const [confirming, setConfirming] = useState(false);

  const tracking = useMutation({
    mutationFn: (trackingEnabled: boolean) => updateQrCode(id, { trackingEnabled }),
    onSuccess: (next) => queryClient.setQueryData(qrKeys.code(id), next),
    onError: failed(QR_TEXTS.updateFailed),
  });
  const remove = useMutation({
    mutationFn: async () => {
      const res = await deleteQrCode(id);
      if (!res.ok) throw new Error(QR_TEXTS.deleteError);
    },
    onSuccess: async () => {
      setConfirming(false);
      // Only the list is refreshed: refetching the gone code and its tabs (the list's key prefixes
      // theirs) would answer 404 and end the delete on an error toast.
      await queryClient.cancelQueries({ queryKey: qrKeys.code(id) });
      await queryClient.invalidateQueries({ queryKey: qrKeys.list, exact: true });
      navigate('/qr-codes');
      toast({ title: QR_TEXTS.deletedTitle, description: QR_TEXTS.deletedBody(code.data?.title ?? '') });
    },
    onError: failed(QR_TEXTS.deleteFailed),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: qrKeys.code(id) });

  if (code.isLoading || !code.data) return <CodeUnavailable loading={code.isLoading} />;
  const qr = code.data;
  const landing = qr.linkType === 'landing';
  const shownUrl = landing ? (qr.landingPageUrl ?? qr.url) : qr.url;

  return (
    <Page>
      <header
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 12,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <div css={{ display: 'grid', gap: 8 }}>
          <Link to="/qr-codes" css={{ fontSize: theme.fontSizes.sm }}>
            ← {QR_TEXTS.back}
          </Link>
          <h1 css={{ margin: 0, fontSize: theme.fontSizes.xl }}>{qr.title}</h1>
          <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <LinkTypeBadge linkType={qr.linkType} />
            <TrackingBadge enabled={qr.trackingEnabled} />
          </div>
        </div>
        <div css={{ display: 'flex', gap: 8 }}>
          <Button variant="outline" onClick={refresh} title={QR_TEXTS.refresh} aria-label={QR_TEXTS.refresh}>
            ↻
          </Button>
          <Button asChild variant="outline">
            <Link to={`/qr-codes/${encodeURIComponent(qr.id)}/edit`}>{QR_TEXTS.edit}</Link>
          </Button>
          <Dialog
            open={confirming}
            onOpenChange={setConfirming}
            trigger={<Button variant="destructive">{QR_TEXTS.delete}</Button>}
            title={QR_TEXTS.deleteTitle}
            description={QR_TEXTS.deleteBody}
            footer={
              <div css={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
                <Button variant="outline" onClick={() => setConfirming(false)} disabled={remove.isPending}>
                  {QR_TEXTS.cancel}
                </Button>
                <Button variant="destructive" onClick={() => remove.mutate()} disabled={remove.isPending}>
                  {remove.isPending ? QR_TEXTS.deleting : QR_TEXTS.delete}
                </Button>
              </div>
            }
          />
        </div>
      </header>
      <div css={theme.columns(960, '340px minmax(0, 1fr)', 20)}>
        <Card title={QR_TEXTS.qrCard} css={{ alignSelf: 'start' }}>
          <div css={{ display: 'grid', gap: 12 }}>
            <p css={{ margin: 0, color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }}>
              {QR_TEXTS.created} {formatDate(qr.createdAt)}
            </p>
            <img
              src={qr.dataUrl}
              alt={`QR code for ${qr.title}`}
              width={280}
              height={280}
              css={{ width: '100%', maxWidth: 280, height: 'auto', margin: '0 auto' }}
            />
            <div css={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <TruncatedUrl url={shownUrl} />
              <CopyButton text={shownUrl} label="URL" />
            </div>
            {!landing && (
              // What the code encodes: sharing this address online keeps the visits counted.
              <div css={{ display: 'grid', gap: 4 }}>
                <span css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>
                  {QR_TEXTS.trackedAddress}
                </span>
                <div css={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                  <TruncatedUrl url={qr.encodedUrl} />
                  <CopyButton text={qr.encodedUrl} label={QR_TEXTS.trackedAddress} />
                </div>
              </div>
            )}
            <Switch
              label={QR_TEXTS.trackingSwitch}
              checked={qr.trackingEnabled}
              disabled={tracking.isPending}
              onCheckedChange={(checked) => tracking.mutate(checked)}
            />
            <Button
              onClick={() =>
                download(`/api/qr-codes/${qr.id}/qr.png`, `qr-${qr.id}.png`).then(
                  () => toast({ title: QR_TEXTS.downloadStarted }),
                  failed(QR_TEXTS.downloadFailed),
                )
              }
            >
              {QR_TEXTS.download}
            </Button>
            <Button
              variant="outline"
              onClick={() =>
                download(`/api/qr-codes/${qr.id}/qr.svg`, `qr-${qr.id}.svg`).catch(
                  failed(QR_TEXTS.downloadFailed),
                )
              }
            >
              {QR_TEXTS.downloadSvg}
            </Button>
          </div>
        </Card>
        {/* Its own height, not the QR card's: a stretched grid item gave the tab row the spare space. */}
        <div css={{ alignSelf: 'start', minWidth: 0 }}>
          <Tabs
            aria-label="QR code"
            defaultValue="analytics"
            items={[
              { value: 'analytics', label: QR_TEXTS.tabAnalytics, content: <AnalyticsTab qr={qr} /> },
              { value: 'details', label: QR_TEXTS.tabDetails, content: <DetailsTab qr={qr} /> },
              ...(landing
                ? [{ value: 'emails', label: QR_TEXTS.tabEmails, content: <EmailsTab qr={qr} /> }]
                : []),
            ]}
          />
        </div>
      </div>
    </Page>
  );
}

/** The query errors of docs/product/creation-tools-qr.md (Messages), once per failure. */
function useErrorToast(isError: boolean, message: string) {
  useEffect(() => {
    if (isError) toast({ title: 'Error', description: message, variant: 'destructive' });
  }, [isError, message]);
}

function Stat({ label, value, title }: { label: string; value: string | number; title?: string }) {
  return (
    <div css={{ border: `1px solid ${theme.colors.border}`, borderRadius: theme.radii.md, padding: 14 }}>
      <div css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{label}</div>
      <div css={{ fontSize: theme.fontSizes.xxl, fontWeight: 700 }} data-stat={label} title={title}>
        {value}
      </div>
    </div>
  );
}

function AnalyticsTab({ qr }: { qr: QrCodeView }) {
  const landing = qr.linkType === 'landing';
  const { data, isLoading, isError } = useQuery({
    queryKey: qrKeys.analytics(qr.id),
    queryFn: () => fetchAnalytics(qr.id),
  });
  useErrorToast(isError, QR_TEXTS.analyticsError);
  return (
    <Card title={QR_TEXTS.performance}>
      {isLoading ? (
        <Spinner />
      ) : !data ? (
        <p>{QR_TEXTS.noAnalytics}</p>
      ) : (
        <div css={{ display: 'grid', gap: 16 }}>
          <div
            css={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}
          >
            <Stat label={QR_TEXTS.totalScans} value={data.scanCount} />
            <Stat label={QR_TEXTS.uniqueVisitors} value={data.uniqueVisitors} />
            {landing && <Stat label={QR_TEXTS.emailSignups} value={data.emailSignupCount} />}
            {landing && (
              <Stat
                label={QR_TEXTS.conversionRate}
                value={conversionLabel(data.conversionRate, data.uniqueVisitors).text}
                title={conversionLabel(data.conversionRate, data.uniqueVisitors).title}
              />
            )}
          </div>
          {landing && data.untrackedSignups > 0 && (
            <p css={{ margin: 0, color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }}>
              {QR_TEXTS.untrackedSignups(data.untrackedSignups)}
            </p>
          )}
          {landing && data.refusedSignups && <RefusedSignups refused={data.refusedSignups} />}
          <h4 css={{ margin: 0 }}>{QR_TEXTS.dailyPerformance}</h4>
          {data.dailyAnalytics.length === 0 ? (
            <p css={{ color: theme.colors.textMuted }}>{QR_TEXTS.noAnalytics}</p>
          ) : (
            <>
              <DailyChart rows={data.dailyAnalytics} withSignups={landing} />
              {/* Scrolls sideways on a phone: focusable and named so a keyboard can scroll it. */}
              <section
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
                tabIndex={0}
                aria-label={QR_TEXTS.dailyPerformance}
                css={{ overflowX: 'auto', '&:focus-visible': theme.focusRing }}
              >
                <table css={tableCss}>
                  <thead>
                    <tr>
                      <th>{QR_TEXTS.date}</th>
                      <th>{QR_TEXTS.scans}</th>
                      {landing && <th>{QR_TEXTS.signups}</th>}
                      {landing && <th>{QR_TEXTS.conversion}</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {data.dailyAnalytics.map((d) => (
                      <tr key={d.date}>
                        <td>{d.date}</td>
                        <td>{d.scans}</td>
                        {landing && <td>{d.signups}</td>}
                        {landing && (
                          <td title={conversionLabel(d.conversionRate, d.uniqueVisitors).title}>
                            {conversionLabel(d.conversionRate, d.uniqueVisitors).text}
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
              <div
                css={{
                  display: 'grid',
                  gap: 12,
                  gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
                }}
              >
                {(Object.keys(BREAKDOWN_LABELS) as Array<keyof typeof BREAKDOWN_LABELS>).map((dim) => (
                  <Breakdown key={dim} label={BREAKDOWN_LABELS[dim]} rows={data.breakdowns[dim]} />
                ))}
              </div>
              <CsvExportButton qrId={qr.id} what="analytics" label={QR_TEXTS.exportAnalytics} />
            </>
          )}
        </div>
      )}
    </Card>
  );
}

/** A CSV of the code's analytics or signups, saved under the code's id. */
function CsvExportButton({
  qrId,
  what,
  label,
  disabled,
}: {
  qrId: string;
  what: 'analytics' | 'emails';
  label: string;
  disabled?: boolean;
}) {
  return (
    <div>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled}
        onClick={() =>
          download(`/api/qr-codes/${qrId}/export-${what}`, `qr-${qrId}-${what}.csv`).catch(
            failed(QR_TEXTS.downloadFailed),
          )
        }
      >
        {label}
      </Button>
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div css={{ display: 'grid', gap: 4 }}>
      <dt css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{label}</dt>
      <dd css={{ margin: 0, display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>{children}</dd>
    </div>
  );
}

function DetailsTab({ qr }: { qr: QrCodeView }) {
  const landing = qr.linkType === 'landing';
  return (
    <Card title={QR_TEXTS.tabDetails}>
      <dl css={{ display: 'grid', gap: 14, margin: 0 }}>
        <Row label={QR_TEXTS.title}>{qr.title}</Row>
        <Row label={QR_TEXTS.created}>{formatDateTime(qr.createdAt)}</Row>
        <Row label={QR_TEXTS.targetUrl}>
          <TruncatedUrl url={qr.url} />
          <CopyButton text={qr.url} label={QR_TEXTS.targetUrl} />
        </Row>
        {landing && qr.landingPageUrl && (
          <Row label={QR_TEXTS.landingUrl}>
            <TruncatedUrl url={qr.landingPageUrl} />
            <CopyButton text={qr.landingPageUrl} label={QR_TEXTS.landingUrl} />
          </Row>
        )}
        {qr.description && <Row label={QR_TEXTS.description}>{qr.description}</Row>}
        <Row label={QR_TEXTS.type}>
          <LinkTypeBadge linkType={qr.linkType} />
          <TrackingBadge enabled={qr.trackingEnabled} />
        </Row>
      </dl>
    </Card>
  );
}

function EmailsTab({ qr }: { qr: QrCodeView }) {
  const { data, isLoading, isError } = useQuery({
    queryKey: qrKeys.emails(qr.id),
    queryFn: () => fetchEmails(qr.id),
  });
  useErrorToast(isError, QR_TEXTS.emailsError);
  return (
    <Card title={QR_TEXTS.tabEmails} description={QR_TEXTS.emailsIntro}>
      <div css={{ display: 'grid', gap: 12 }}>
        <CsvExportButton
          qrId={qr.id}
          what="emails"
          label={QR_TEXTS.exportCsv}
          disabled={isLoading || !data?.length}
        />
        {isLoading ? (
          <Spinner />
        ) : !data?.length ? (
          <p css={{ color: theme.colors.textMuted }}>{QR_TEXTS.noEmails}</p>
        ) : (
          <div>
            <table css={stackedTableCss}>
              <thead>
                <tr>
                  <th>{QR_TEXTS.email}</th>
                  <th>{QR_TEXTS.name}</th>
                  <th>{QR_TEXTS.date}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((s) => (
                  <tr key={`${s.email}-${s.timestamp}`}>
                    <td data-label={QR_TEXTS.email}>{s.email}</td>
                    <td data-label={QR_TEXTS.name}>{s.name || '-'}</td>
                    <td data-label={QR_TEXTS.date}>{formatDateTime(s.timestamp)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Card>
  );
}
