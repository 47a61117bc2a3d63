// The public help pages, /help and /help-support-page.
import { Page } from '../common/Page';
import { PublicPage } from '../common/PublicPage';
import { HELP } from '../texts';
import { HelpContent } from './HelpContent';

export default function PublicHelpPage() {
  return (
    <PublicPage>
      <Page title={HELP.pageTitle} intro={HELP.intro} maxWidth={960}>
        <HelpContent />
      </Page>
    </PublicPage>
  );
}
