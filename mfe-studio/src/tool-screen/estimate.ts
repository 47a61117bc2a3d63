// How long a tool usually takes, in words, from the durations the server measured on that tool's
// recent finished jobs; no fixed promise that a faster or slower provider would make untrue.
import type { ToolDuration } from '@studio/events';

export const NO_ESTIMATE = 'It is added to your list as soon as it is ready.';

export function estimateText(duration: ToolDuration | undefined): string {
  const seconds = duration?.medianSeconds;
  if (seconds === null || seconds === undefined) return NO_ESTIMATE;
  if (seconds < 60) return 'It is usually ready in under a minute.';
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `It is usually ready in about ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  const hours = Math.round(minutes / 60);
  return `It is usually ready in about ${hours} hour${hours === 1 ? '' : 's'}.`;
}
