// The account remote's screens (spec 01 §2), one lazily loaded chunk each: a visitor on the landing
// page never downloads the admin tools. The shell's Suspense shows its spinner while a chunk loads.
import type { ScreensModule } from '@studio/kit';
import { lazy } from 'react';
import type { AccountScreen } from './routes';

const PublicHelpPage = lazy(() => import('./help/PublicHelpPage'));

export const screens: ScreensModule<AccountScreen>['screens'] = {
  Landing: lazy(() => import('./landing/LandingPage')),
  Auth: lazy(() => import('./auth/AuthPage')),
  Pricing: lazy(() => import('./pricing/PricingPage')),
  Checkout: lazy(() => import('./checkout/CheckoutPage')),
  SubscriptionSuccess: lazy(() => import('./subscription-success/SubscriptionSuccessPage')),
  Help: PublicHelpPage,
  HelpSupportPage: PublicHelpPage,
  Payment: lazy(() => import('./payment/PaymentPage')),
  Subscribe: lazy(() => import('./subscribe/SubscribePage')),
  Dashboard: lazy(() => import('./dashboard/DashboardPage')),
  Profile: lazy(() => import('./profile/ProfilePage')),
  Settings: lazy(() => import('./settings/SettingsPage')),
  HelpSupport: lazy(() => import('./help/HelpSupportPage')),
  RefundPolicy: lazy(() => import('./help/RefundPolicyPage')),
  AdminTools: lazy(() => import('./admin/AdminToolsPage')),
};
