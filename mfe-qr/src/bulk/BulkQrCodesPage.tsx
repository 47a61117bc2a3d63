// /qr-codes/bulk: direct codes from a CSV (title, target), then one ZIP of their pictures
// (docs/product/creation-tools-qr.md (Screens and routes: Bulk codes from a CSV)).
import { QR_BULK_MAX_ROWS } from '@studio/events/rules';
import { Alert, Button, Card, Spinner, theme } from '@studio/kit';
import { FilePicker } from '@studio/kit/widgets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BulkRefused, type BulkResult, createQrCodesFromCsv, download, qrKeys } from '../api/qr-api';
import { Page, tableCss } from '../common/ui';
import { QR_TEXTS } from '../texts';

const TEMPLATE = 'title,target\r\nMy book (paperback),https://example.com/my-book\r\n';

/** The template as a file the browser saves. */
function saveTemplate() {
  const href = URL.createObjectURL(new Blob([TEMPLATE], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = 'qr-codes-template.csv';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export default function BulkQrCodesPage() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [zipError, setZipError] = useState<string | null>(null);
  const create = useMutation<BulkResult, Error, File>({
    mutationFn: async (chosen) => createQrCodesFromCsv(await chosen.text()),
    // The list is not on screen, and queries never refetch on mount: fetched again now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrKeys.list, refetchType: 'all' }),
  });
  const zip = useMutation({
    mutationFn: (url: string) => download(url, 'qr-codes.zip'),
    onMutate: () => setZipError(null),
    onError: () => setZipError(QR_TEXTS.bulkZipFailed),
  });
  const refused = create.error instanceof BulkRefused ? create.error : null;
  const again = () => {
    create.reset();
    setFile(null);
    setPickerKey((k) => k + 1);
  };

  return (
    <Page>
      <div>
        <h1 css={{ margin: 0, fontSize: theme.fontSizes.xl }}>{QR_TEXTS.bulkTitle}</h1>
        <p css={{ margin: '4px 0 0', color: theme.colors.textMuted }}>
          {QR_TEXTS.bulkIntro(QR_BULK_MAX_ROWS)}
        </p>
      </div>
      <Card>
        {create.isSuccess ? (
          <div css={{ display: 'grid', gap: 12 }}>
            <Alert tone="success">{QR_TEXTS.bulkDone(create.data.qrCodes.length)}</Alert>
            <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
              <Button onClick={() => zip.mutate(create.data.zipUrl)} disabled={zip.isPending}>
                {zip.isPending ? QR_TEXTS.bulkZipPreparing : QR_TEXTS.bulkDownloadZip}
              </Button>
              <Button variant="outline" onClick={again}>
                {QR_TEXTS.bulkAnother}
              </Button>
              <Button variant="outline" asChild>
                <Link to="/qr-codes">{QR_TEXTS.bulkBackToList}</Link>
              </Button>
            </div>
            {zipError && <Alert tone="danger">{zipError}</Alert>}
          </div>
        ) : (
          <form
            css={{ display: 'grid', gap: 16 }}
            onSubmit={(event) => {
              event.preventDefault();
              if (file) create.mutate(file);
            }}
          >
            <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
              <p css={{ margin: 0 }}>{QR_TEXTS.bulkFormat}</p>
              <Button type="button" variant="outline" size="sm" onClick={saveTemplate}>
                {QR_TEXTS.bulkTemplate}
              </Button>
            </div>
            <FilePicker
              key={pickerKey}
              label={QR_TEXTS.bulkFileLabel}
              accept=".csv,text/csv"
              hint={QR_TEXTS.bulkFileHint(QR_BULK_MAX_ROWS)}
              onFileChange={(chosen) => {
                create.reset();
                setFile(chosen);
              }}
              disabled={create.isPending}
            />
            {create.isPending && (
              <div role="status" css={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <Spinner />
                <span>{QR_TEXTS.bulkCreating}</span>
              </div>
            )}
            {create.error && (
              <Alert tone="danger">
                <p css={{ margin: 0 }}>{create.error.message}</p>
                {refused && refused.problems.length > 1 && (
                  <table css={{ ...tableCss, marginTop: 8 }}>
                    <caption css={{ textAlign: 'left', fontWeight: 600 }}>{QR_TEXTS.bulkProblems}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{QR_TEXTS.bulkRow}</th>
                        <th scope="col">{QR_TEXTS.bulkColumn}</th>
                        <th scope="col">{QR_TEXTS.bulkProblem}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {refused.problems.map((p) => (
                        <tr key={`${p.row}-${p.field}`}>
                          <td>{p.row}</td>
                          <td>{p.field}</td>
                          <td>{p.message}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </Alert>
            )}
            <div>
              <Button type="submit" disabled={!file || create.isPending}>
                {QR_TEXTS.bulkCreate}
              </Button>
            </div>
          </form>
        )}
      </Card>
    </Page>
  );
}
