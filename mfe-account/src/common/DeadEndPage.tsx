// A screen that cannot go on (a plan that does not exist, a subscription that could not be set up):
// what went wrong, and the one way back.
import { Alert } from '@studio/kit';
import { LinkButton } from './LinkButton';
import { Page } from './Page';

export interface DeadEndPageProps {
  title: string;
  message: string;
  back: { to: string; label: string };
}

export function DeadEndPage({ title, message, back }: DeadEndPageProps) {
  return (
    <Page title={title} maxWidth={640}>
      <Alert tone="danger">{message}</Alert>
      <div>
        <LinkButton to={back.to} variant="outline">
          {back.label}
        </LinkButton>
      </div>
    </Page>
  );
}
