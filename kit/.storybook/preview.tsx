// Every story renders inside the same providers the shell mounts: theme, query client, router.
import type { Preview } from '@storybook/react-vite';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../src/api/query-client';
import { StudioThemeProvider } from '../src/theme/StudioThemeProvider';
import { Toaster } from '../src/toast/Toaster';

const queryClient = createQueryClient();

const preview: Preview = {
  decorators: [
    (Story) => (
      <StudioThemeProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/kids-book/book-42']}>
            <div style={{ padding: 24, maxWidth: 720 }}>
              <Story />
            </div>
            <Toaster />
          </MemoryRouter>
        </QueryClientProvider>
      </StudioThemeProvider>
    ),
  ],
  parameters: { layout: 'fullscreen', controls: { expanded: true } },
};

export default preview;
