// What a started tool leaves on the page: what happens now, how long it usually takes (measured),
// and a link to the place its result will appear. It stays until the next start.
import { DURATIONS_PATH, type GenerationKind, resultPlace, type ToolDurations } from '@studio/events';
import { Alert } from '@studio/kit';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { estimateText } from './estimate';

export function Confirmation({
  kind,
  title,
  message,
}: {
  kind: GenerationKind;
  title: string;
  message: string;
}) {
  const durations = useQuery<ToolDurations>({ queryKey: [DURATIONS_PATH], staleTime: 60_000 });
  const place = resultPlace(kind);
  return (
    <Alert tone="success" title={title} data-testid="tool-confirmation">
      <p>
        {message} <span data-testid="tool-estimate">{estimateText(durations.data?.[kind])}</span>
      </p>
      <p>
        <Link to={place.path}>{place.label}</Link>
      </p>
    </Alert>
  );
}
