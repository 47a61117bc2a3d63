// The shell alone owns the router, the query client, the Emotion cache/theme and the toaster.
import { AuthProvider, createQueryClient, StudioThemeProvider, Toaster } from '@studio/kit';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from '../routes/AppRoutes';

const queryClient = createQueryClient();

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
