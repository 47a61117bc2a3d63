import '@emotion/react';
import type { StudioTheme } from './theme';

declare module '@emotion/react' {
  // Module augmentation must be an interface.
  export interface Theme extends StudioTheme {}
}
