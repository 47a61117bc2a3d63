// The in-app help page, /help-support (inside the signed-in layout).
import { Page } from '../common/Page';
import { HELP } from '../texts';
import { HelpContent } from './HelpContent';

export default function HelpSupportPage() {
  return (
    <Page title={HELP.pageTitle} intro={HELP.intro} maxWidth={960}>
      <HelpContent />
    </Page>
  );
}
