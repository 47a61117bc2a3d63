// The help pages /help and /help-support-page: readable by anyone, in the frame that fits (FramedPage).

import { FramedPage } from '../common/FramedPage';
import { Page } from '../common/Page';
import { HELP } from '../texts';
import { HelpContent } from './HelpContent';

export default function PublicHelpPage() {
  return (
    <FramedPage>
      <Page title={HELP.pageTitle} intro={HELP.intro} maxWidth={960}>
        <HelpContent />
      </Page>
    </FramedPage>
  );
}
