// A listing field's "Write again" and its versions in the listing's details
// (docs/product/creation-tools-qr.md (Screens and routes: Regenerating a part)): the price before
// anything is charged, every version kept, and "Use this version" putting one in the listing at
// once (what the details show and copy).
import { Alert, apiJson, Button, theme } from '@studio/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { serverMessage } from '../books/api';
import { PART_VERSIONS } from '../books/texts';
import { type BookParts, isWriting } from '../books/versions/part-versions';
import { RegenerateDialog } from '../books/versions/RegenerateDialog';
import { VersionCard } from '../books/versions/VersionCard';
import { VersionText } from '../books/versions/VersionText';

const REFRESH_WHILE_WRITING_MS = 2000;

const partsPath = (listingId: string) => `/api/kdp-listings/${encodeURIComponent(listingId)}/parts`;

/** The listing's parts, read again while one is being written. */
export function useListingParts(listingId: string, enabled: boolean) {
  return useQuery<BookParts>({
    queryKey: [partsPath(listingId)],
    enabled,
    refetchOnMount: 'always',
    refetchInterval: (query) => (isWriting(query.state.data) ? REFRESH_WHILE_WRITING_MS : false),
  });
}

export function ListingFieldVersions({
  listingId,
  field,
  parts,
}: {
  listingId: string;
  /** `listing-subtitle`, … */
  field: string;
  parts: BookParts | undefined;
}) {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const part = parts?.parts.find((p) => p.part === field);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: [partsPath(listingId)] });
    void client.invalidateQueries({ queryKey: ['/api/kdp-listings'] });
  };
  const choose = useMutation({
    mutationFn: (version: number) =>
      apiJson('POST', `${partsPath(listingId)}/${encodeURIComponent(field)}/choose`, { version }),
    onSuccess: () => {
      setError(null);
      refresh();
    },
    onError: (e) => setError(serverMessage(e, PART_VERSIONS.chooseFailed)),
  });
  if (!parts || !part) return null;
  const writing = part.regeneration?.status === 'pending';
  return (
    <div css={{ display: 'grid', gap: 8 }}>
      <div>
        <Button
          size="sm"
          variant="outline"
          disabled={!parts.editable || writing}
          aria-label={`${PART_VERSIONS.writeAgain}: ${part.label} (${PART_VERSIONS.credits(parts.price)})`}
          onClick={() => setAsking(true)}
        >
          <RefreshCw aria-hidden />
          {PART_VERSIONS.writeAgain} · {PART_VERSIONS.credits(parts.price)}
        </Button>
      </div>
      {writing && (
        <p role="status" css={{ fontSize: theme.fontSizes.sm }}>
          {PART_VERSIONS.pending}
        </p>
      )}
      {part.regeneration?.status === 'failed' && part.regeneration.reason && (
        <Alert tone="danger">{part.regeneration.reason}</Alert>
      )}
      {error && <Alert tone="danger">{error}</Alert>}
      {part.versions.length > 1 && (
        <details>
          <summary css={{ cursor: 'pointer', fontSize: theme.fontSizes.sm }}>
            {PART_VERSIONS.versionsOf(part.label, part.versions.length)}
          </summary>
          <ol css={{ listStyle: 'none', margin: '8px 0 0', padding: 0, display: 'grid', gap: 8 }}>
            {part.versions.map((version) => (
              <VersionCard
                key={version.version}
                version={version}
                partLabel={part.label}
                inUse={part.inBook === version.version}
                inUseBadge={PART_VERSIONS.inListingBadge}
                canUse={parts.editable}
                pending={choose.isPending}
                onUse={() => choose.mutate(version.version)}
                dense
              >
                <VersionText value={version} />
              </VersionCard>
            ))}
          </ol>
        </details>
      )}
      {asking && (
        <RegenerateDialog
          partsPath={partsPath(listingId)}
          part={field}
          partTitle={part.label}
          description={PART_VERSIONS.listingDialogDescription}
          cost={parts.price}
          onClose={() => setAsking(false)}
          onStarted={() => {
            setAsking(false);
            refresh();
          }}
        />
      )}
    </div>
  );
}
