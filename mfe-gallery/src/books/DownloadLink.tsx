// A file of the book's to save (PDF, EPUB, DOCX, CSV): a plain link with `download`, so the
// browser saves it with the name the server gives, looking like a small button.
import { type ButtonVariant, buttonStyles } from '@studio/kit';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';

export function DownloadLink({
  href,
  variant = 'outline',
  children,
}: {
  href: string;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  return (
    <a href={href} download css={buttonStyles(variant, 'sm')}>
      <Download aria-hidden />
      {children}
    </a>
  );
}
