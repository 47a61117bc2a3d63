// A book's Readers (docs/product/creation-tools-qr.md (Screens and routes: My Books)): scans,
// signups and conversion per edition, the email list with its CSV, and the reader magnet.
import type { BookReaderNumbers, BookReaders } from '@studio/events';
import {
  Alert,
  apiJson,
  Button,
  readStoredUserId,
  theme,
  throwIfResNotOk,
  USER_ID_HEADER,
} from '@studio/kit';
import { Dialog } from '@studio/kit/overlays';
import { Field, FilePicker, Input } from '@studio/kit/widgets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { serverMessage } from './api';
import { DownloadLink } from './DownloadLink';
import { READERS } from './texts';

export interface ReadersPanelProps {
  bookId: string;
  bookTitle: string;
  onClose: () => void;
}

const percent = (value: number) => `${value.toLocaleString(undefined, { maximumFractionDigits: 2 })}%`;

/** A table that scrolls sideways on a narrow screen; reachable by keyboard so it can be scrolled. */
const scroller = {
  overflowX: 'auto',
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.md,
  '&:focus-visible': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 2 },
} as const;
const table = {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: theme.fontSizes.sm,
  'th, td': { padding: '6px 10px', textAlign: 'left', whiteSpace: 'nowrap' },
  'td.n, th.n': { textAlign: 'right' },
  'tbody tr, tfoot tr': { borderTop: `1px solid ${theme.colors.border}` },
  caption: { textAlign: 'left', padding: '6px 10px', fontWeight: 600 },
} as const;

function ScrollingTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section tabIndex={0} aria-label={caption} css={scroller}>
      <table css={table}>
        <caption>{caption}</caption>
        {children}
      </table>
    </section>
  );
}

/** The headings of the four columns NumberCells fills, in its order. */
const NUMBER_HEADINGS = [READERS.scans, READERS.visitors, READERS.signups, READERS.conversion];

function NumberCells({ row }: { row: BookReaderNumbers }) {
  return (
    <>
      <td className="n">{row.scans}</td>
      <td className="n">{row.uniqueVisitors}</td>
      <td className="n">{row.signups}</td>
      <td className="n">{row.uniqueVisitors > 0 ? percent(row.conversionRate) : '–'}</td>
    </>
  );
}

/** The bonus PDF, uploaded as multipart (the browser sets its boundary). */
async function uploadBonus(url: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  const userId = readStoredUserId();
  const res = await fetch(url, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: userId ? { [USER_ID_HEADER]: userId } : {},
  });
  await throwIfResNotOk(res);
  return (await res.json()) as { magnet: { fileName: string } };
}

export function ReadersPanel({ bookId, bookTitle, onClose }: ReadersPanelProps) {
  const client = useQueryClient();
  const base = `/api/books/${encodeURIComponent(bookId)}/readers`;
  const readers = useQuery<BookReaders>({ queryKey: [base], queryFn: () => apiJson('GET', base) });
  const [file, setFile] = useState<File | null>(null);
  const [pages, setPages] = useState('');
  const magnetUrl = `/api/reader-magnets?bookId=${encodeURIComponent(bookId)}`;
  const magnet = useMutation({
    mutationFn: (choice: 'file' | 'pages') =>
      choice === 'file' && file
        ? uploadBonus(magnetUrl, file)
        : apiJson<{ magnet: { fileName: string } }>('POST', magnetUrl, { pages }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [base] }),
  });
  const submit = (choice: 'file' | 'pages') => (event: FormEvent) => {
    event.preventDefault();
    if (!magnet.isPending) magnet.mutate(choice);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={READERS.title(bookTitle)}
      description={READERS.description}
      maxWidth={720}
    >
      <div css={{ display: 'grid', gap: 20, minWidth: 0 }}>
        {readers.isPending && (
          <p role="status" css={{ color: theme.colors.textMuted }}>
            {READERS.loading}
          </p>
        )}
        {readers.isError && (
          <Alert tone="danger" title={READERS.errorTitle}>
            <p>{serverMessage(readers.error, '')}</p>
            <Button size="sm" variant="outline" onClick={() => void readers.refetch()}>
              {READERS.retry}
            </Button>
          </Alert>
        )}
        {readers.data && (
          <>
            <ScrollingTable caption={READERS.numbersCaption}>
              <thead>
                <tr>
                  <th scope="col">{READERS.edition}</th>
                  {NUMBER_HEADINGS.map((heading) => (
                    <th key={heading} scope="col" className="n">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {readers.data.editions.map((row) => (
                  <tr key={row.edition} data-edition={row.edition}>
                    <th scope="row" css={{ fontWeight: 400, textTransform: 'capitalize' }}>
                      {row.name}
                    </th>
                    <NumberCells row={row} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr data-edition="total">
                  <th scope="row">{READERS.total}</th>
                  <NumberCells row={readers.data.total} />
                </tr>
              </tfoot>
            </ScrollingTable>
            <p css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}>
              {READERS.conversionNote}
            </p>

            <section aria-labelledby="readers-emails" css={{ display: 'grid', gap: 8, minWidth: 0 }}>
              <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
                <h3 id="readers-emails" css={{ fontSize: theme.fontSizes.md, margin: 0, flex: 1 }}>
                  {READERS.emailsHeading}
                </h3>
                {readers.data.emails.length > 0 && (
                  <DownloadLink href={`${base}/emails.csv`}>{READERS.csv}</DownloadLink>
                )}
              </div>
              {readers.data.emails.length === 0 ? (
                <p css={{ color: theme.colors.textMuted }}>{READERS.empty}</p>
              ) : (
                <ScrollingTable caption={READERS.emailsCaption}>
                  <thead>
                    <tr>
                      <th scope="col">{READERS.email}</th>
                      <th scope="col">{READERS.name}</th>
                      <th scope="col">{READERS.edition}</th>
                      <th scope="col">{READERS.date}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {readers.data.emails.map((e) => (
                      <tr key={`${e.edition}:${e.email}`}>
                        <td>{e.email}</td>
                        <td>{e.name}</td>
                        <td>
                          {readers.data.editions.find((r) => r.edition === e.edition)?.name ?? e.edition}
                        </td>
                        <td>{new Date(e.timestamp).toLocaleDateString()}</td>
                      </tr>
                    ))}
                  </tbody>
                </ScrollingTable>
              )}
            </section>

            <section aria-labelledby="readers-magnet" css={{ display: 'grid', gap: 12 }}>
              <h3 id="readers-magnet" css={{ fontSize: theme.fontSizes.md, margin: 0 }}>
                {READERS.magnetHeading}
              </h3>
              <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted, margin: 0 }}>
                {READERS.magnetHint}
              </p>
              {magnet.isError && (
                <Alert tone="danger" title={READERS.magnetErrorFallback}>
                  {serverMessage(magnet.error, READERS.magnetErrorFallback)}
                </Alert>
              )}
              {magnet.isSuccess && (
                <Alert tone="success" title={READERS.saved(magnet.data.magnet.fileName)} role="status" />
              )}
              <form onSubmit={submit('file')} css={{ display: 'grid', gap: 8 }}>
                <FilePicker
                  label={READERS.pdfLabel}
                  hint={READERS.pdfHint}
                  accept="application/pdf,.pdf"
                  onFileChange={setFile}
                />
                <div>
                  <Button type="submit" size="sm" disabled={!file || magnet.isPending}>
                    {magnet.isPending && magnet.variables === 'file' ? READERS.saving : READERS.upload}
                  </Button>
                </div>
              </form>
              <form onSubmit={submit('pages')} css={{ display: 'grid', gap: 8 }}>
                <Field label={READERS.pagesLabel} hint={READERS.pagesHint}>
                  <Input value={pages} maxLength={200} onChange={(e) => setPages(e.target.value)} />
                </Field>
                <div>
                  <Button type="submit" size="sm" disabled={!pages.trim() || magnet.isPending}>
                    {magnet.isPending && magnet.variables === 'pages' ? READERS.saving : READERS.usePages}
                  </Button>
                </div>
              </form>
            </section>
          </>
        )}
      </div>
    </Dialog>
  );
}
