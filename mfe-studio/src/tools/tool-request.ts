// Starting a generation from a tool screen: the registry's route, the spec's credit texts and
// toasts (spec 02 §4, §8), and the credits refresh after a successful start.
import { type GenerationKind, TOOL_CONTRACTS } from '@studio/events';
import { ApiError, apiJson, readStoredUserId, toast, USER_QUERY_KEY } from '@studio/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export interface StartResponse {
  success: boolean;
  message: string;
  generationId: string;
  listingId?: string;
  creditsUsed: number;
  creditsDeducted: number;
  remainingCredits: number;
}

/** "Title: body" or "Title. body" (the spec writes its toasts this way) as a toast's two lines. */
export function splitMessage(text: string, fallbackTitle = 'Error'): { title: string; description?: string } {
  const match = /^([^.:]{3,40})[:.] (.+)$/s.exec(text);
  if (match?.[1] && match[2]) return { title: match[1], description: match[2] };
  return { title: fallbackTitle, description: text };
}

/** The text to show for a failed start: the tool's INSUFFICIENT_CREDITS wording, the server's message, or the fallback. */
export function startErrorText(kind: GenerationKind, error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 402) return TOOL_CONTRACTS[kind].insufficientCredits;
  if (error instanceof ApiError && error.status < 500 && error.detail) return error.detail;
  return fallback;
}

export function useStartTool<K extends GenerationKind>(
  kind: K,
  options: { failure: string; refresh?: readonly (readonly unknown[])[] },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiJson<StartResponse>('POST', TOOL_CONTRACTS[kind].route.path, {
        ...body,
        userId: readStoredUserId() ?? undefined,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      for (const key of options.refresh ?? []) await queryClient.invalidateQueries({ queryKey: [...key] });
    },
    onError: (error) => {
      toast({ variant: 'destructive', ...splitMessage(startErrorText(kind, error, options.failure)) });
    },
  });
}
