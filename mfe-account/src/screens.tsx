// The account remote's screens (spec 01). Each is a placeholder until its issue builds it.
import type { ScreensModule } from '@studio/kit';
import { placeholderScreen } from '@studio/kit/widgets';

const screen = (title: string, spec: string, summary?: string) =>
  placeholderScreen('account', title, spec, summary);

export const screens: ScreensModule<'account'>['screens'] = {
  Landing: screen(
    'AI Book Generator Platform',
    'spec 01 §2.5 Landing page',
    'Header, hero, sections, pricing, FAQ and footer.',
  ),
  Auth: screen(
    'Log in or register',
    'spec 01 §2.3 Login and register',
    'Two tabs, benefits panel, card collection.',
  ),
  Pricing: screen('Pricing', 'spec 01 §2.6 Pricing', 'Early Access notice and three plan cards.'),
  Checkout: screen('Checkout', 'spec 01 §2.7 Checkout', 'Plan summary and the embedded payment form.'),
  SubscriptionSuccess: screen('Subscription successful', 'spec 01 §2.10 Subscription success'),
  Help: screen('Help', 'spec 01 §2.13 Help and refund pages'),
  HelpSupportPage: screen('Help & Support', 'spec 01 §2.13 Help and refund pages (public help page)'),
  Payment: screen('Plan payment', 'spec 01 §2.8 Plan payment page'),
  Subscribe: screen('Complete Your Subscription', 'spec 01 §2.9 Subscription setup'),
  Dashboard: screen(
    'Dashboard',
    'spec 01 §2.4 Dashboard',
    'Welcome line, stats, Book Progress and Quick Actions.',
  ),
  Profile: screen('My Profile', 'spec 01 §2.11 Profile'),
  Settings: screen('Settings', 'spec 01 §2.12 Settings'),
  HelpSupport: screen('Help & Support', 'spec 01 §2.13 Help and refund pages (in-app help)'),
  RefundPolicy: screen('Refund Policy', 'spec 01 §2.13 Help and refund pages (refund policy)'),
  AdminTools: screen(
    'Admin Tools',
    'spec 01 §2.14 Admin tools',
    'Update, verify and self-update subscriptions.',
  ),
};
