// The shell alone owns the router, the query client, the Emotion cache/theme and the toaster.
import {
  AuthProvider,
  createQueryClient,
  fetchSession,
  SESSION_URL,
  StudioThemeProvider,
  Toaster,
  USER_QUERY_KEY,
} from '@studio/kit';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from '../routes/AppRoutes';

import { takeEarly } from './early-requests';

const queryClient = createQueryClient();
// The session answer index.ts asked for early becomes the user query AuthProvider reads.
void queryClient.prefetchQuery({
  queryKey: USER_QUERY_KEY,
  queryFn: () => fetchSession(takeEarly(SESSION_URL)),
});

export function App() {
  return (
    <StudioThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </StudioThemeProvider>
  );
}
