// The account remote's screens (docs/product/accounts-billing-admin.md (Screens and routes)), one lazily loaded chunk each: a visitor on the landing
// page never downloads the admin tools. The shell's Suspense shows its spinner while a chunk loads.
import type { ScreensModule } from '@studio/kit';
import { lazy } from 'react';
import type { AccountScreen } from './routes';

const PublicHelpPage = lazy(
  () => import(/* webpackChunkName: "screen-PublicHelpPage" */ './help/PublicHelpPage'),
);

export const screens: ScreensModule<AccountScreen>['screens'] = {
  Landing: lazy(() => import(/* webpackChunkName: "screen-Landing" */ './landing/LandingPage')),
  Auth: lazy(() => import(/* webpackChunkName: "screen-Auth" */ './auth/AuthPage')),
  Pricing: lazy(() => import(/* webpackChunkName: "screen-Pricing" */ './pricing/PricingPage')),
  ForgotPassword: lazy(
    () => import(/* webpackChunkName: "screen-ForgotPassword" */ './password/ForgotPasswordPage'),
  ),
  ResetPassword: lazy(
    () => import(/* webpackChunkName: "screen-ResetPassword" */ './password/ResetPasswordPage'),
  ),
  VerifyEmail: lazy(() => import(/* webpackChunkName: "screen-VerifyEmail" */ './verify/VerifyEmailPage')),
  Checkout: lazy(() => import(/* webpackChunkName: "screen-Checkout" */ './checkout/CheckoutPage')),
  SubscriptionSuccess: lazy(
    () =>
      import(
        /* webpackChunkName: "screen-SubscriptionSuccess" */ './subscription-success/SubscriptionSuccessPage'
      ),
  ),
  Help: PublicHelpPage,
  HelpSupportPage: PublicHelpPage,
  Payment: lazy(() => import(/* webpackChunkName: "screen-Payment" */ './payment/PaymentPage')),
  Subscribe: lazy(() => import(/* webpackChunkName: "screen-Subscribe" */ './subscribe/SubscribePage')),
  Dashboard: lazy(() => import(/* webpackChunkName: "screen-Dashboard" */ './dashboard/DashboardPage')),
  Profile: lazy(() => import(/* webpackChunkName: "screen-Profile" */ './profile/ProfilePage')),
  Settings: lazy(() => import(/* webpackChunkName: "screen-Settings" */ './settings/SettingsPage')),
  HelpSupport: lazy(() => import(/* webpackChunkName: "screen-HelpSupport" */ './help/HelpSupportPage')),
  RefundPolicy: lazy(() => import(/* webpackChunkName: "screen-RefundPolicy" */ './help/RefundPolicyPage')),
  AdminTools: lazy(() => import(/* webpackChunkName: "screen-AdminTools" */ './admin/AdminToolsPage')),
};
