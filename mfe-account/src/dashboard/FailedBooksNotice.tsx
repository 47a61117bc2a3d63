// Books that failed lately, each with why and its refund: a failed book leaves Book Progress, and
// the user should not have to open My Books to learn that it failed and what to do.
import { Alert, theme } from '@studio/kit';
import { Link } from 'react-router-dom';
import type { Book } from '../api/types';
import { DASHBOARD } from '../texts';

export function FailedBooksNotice({ books }: { books: Book[] }) {
  if (books.length === 0) return null;
  return (
    <Alert tone="danger" title={DASHBOARD.failedTitle(books.length)}>
      <ul css={{ margin: 0, paddingLeft: 18, display: 'grid', gap: 4 }}>
        {books.map((book) => (
          <li key={book.id} css={{ overflowWrap: 'anywhere' }}>
            <strong>{book.title}</strong>
            {book.error ? `: ${book.error}` : ''}
          </li>
        ))}
      </ul>
      <p css={{ marginTop: 6, fontSize: theme.fontSizes.sm }}>
        <Link to="/my-books">{DASHBOARD.failedMore}</Link>
      </p>
    </Alert>
  );
}
