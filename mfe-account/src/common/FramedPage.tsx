// Pages anyone may read (help, refund policy): the shell draws the signed-in layout around them for
// a member; a visitor gets the public header and main landmark from here.
import { useUser } from '@studio/kit';
import type { ReactNode } from 'react';
import { PublicPage } from './PublicPage';

export function FramedPage({ children }: { children: ReactNode }) {
  return useUser() ? children : <PublicPage>{children}</PublicPage>;
}
