// The caller's saved styles and whether their plan lets them use them (GET /api/styles).
import { type SavedStylesResponse, STYLES_PATH } from '@studio/events';
import { useQuery } from '@tanstack/react-query';

export const STYLES_QUERY = [STYLES_PATH] as const;

export function useSavedStyles() {
  return useQuery<SavedStylesResponse>({ queryKey: STYLES_QUERY });
}
