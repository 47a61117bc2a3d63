// Storybook for the kit's components. Builds offline: no telemetry, no update checks.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { StorybookConfig } from '@storybook/react-vite';
import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vite';

// In this workspace the framework sits in kit/node_modules while storybook is hoisted to the root,
// so name it by absolute path (Storybook's advice for monorepos).
const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  framework: { name: packageDir('@storybook/react-vite') as '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
  viteFinal: (vite) =>
    mergeConfig(vite, {
      plugins: [react({ jsxImportSource: '@emotion/react' })],
      build: { chunkSizeWarningLimit: 2000 },
    }),
};

export default config;
