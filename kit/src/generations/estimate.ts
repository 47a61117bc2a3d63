// How long a tool usually takes, in words, from the durations the server measured on that tool's
// recent finished jobs (GET /api/studio/durations); no fixed promise that a faster or slower
// provider would make untrue. Shared by the studio's confirmations and the gallery's lists.
import { DURATIONS_PATH, type ToolDuration, type ToolDurations } from '@studio/events';
import { useQuery } from '@tanstack/react-query';

export const NO_ESTIMATE = 'It is added to your list as soon as it is ready.';

/** "under a minute", "about 17 minutes", "about 3 hours"; null when nothing of the tool was timed. */
export function usualTime(duration: ToolDuration | undefined): string | null {
  const seconds = duration?.medianSeconds;
  if (seconds === null || seconds === undefined) return null;
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `about ${hours} hour${hours === 1 ? '' : 's'}`;
}

export function estimateText(duration: ToolDuration | undefined): string {
  const time = usualTime(duration);
  return time === null ? NO_ESTIMATE : `It is usually ready in ${time}.`;
}

/** The measured durations, read once a minute at most; undefined while unknown (or unreadable). */
export function useToolDurations(enabled = true): ToolDurations | undefined {
  return useQuery<ToolDurations>({ queryKey: [DURATIONS_PATH], staleTime: 60_000, enabled }).data;
}
