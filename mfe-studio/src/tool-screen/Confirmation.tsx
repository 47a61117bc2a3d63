// What a started tool leaves on the page: what happens now, how long it usually takes (measured),
// and a link to the place its result will appear. It stays until the next start.
import { type GenerationKind, resultPlace } from '@studio/events';
import { Alert } from '@studio/kit';
import { estimateText, useToolDurations } from '@studio/kit/live';
import { Link } from 'react-router-dom';

export function Confirmation({
  kind,
  title,
  message,
}: {
  kind: GenerationKind;
  title: string;
  message: string;
}) {
  const durations = useToolDurations();
  const place = resultPlace(kind);
  return (
    <Alert tone="success" title={title} data-testid="tool-confirmation">
      <p>
        {message} <span data-testid="tool-estimate">{estimateText(durations?.[kind])}</span>
      </p>
      <p>
        <Link to={place.path}>{place.label}</Link>
      </p>
    </Alert>
  );
}
