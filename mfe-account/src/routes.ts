// The account remote's routes (docs/product/accounts-billing-admin.md (Screens and routes: Route table)) and their nav entries (docs/product/accounts-billing-admin.md (Screens and routes: Layout)). The build
// publishes this list as routes.json; the shell merges it with the other remotes' at start.
// Type imports only: the build reads this file without React.
import type { RemoteRoute, ScreenOf } from '@studio/kit';

export const routes = [
  // Public. The checkout plan defaults to basic, so the segment is optional.
  { path: '/', screen: 'Landing', access: 'public', title: 'Create books, listings and images with AI' },
  { path: '/auth', screen: 'Auth', access: 'public', title: 'Log in or sign up' },
  { path: '/pricing', screen: 'Pricing', access: 'public', title: 'Pricing' },
  // The mailed links' pages, and the way to a reset link: open to anyone (the link may be opened in
  // any browser); the verification page sits in the app's layout for a member.
  { path: '/forgot-password', screen: 'ForgotPassword', access: 'public', title: 'Reset your password' },
  { path: '/reset-password', screen: 'ResetPassword', access: 'public', title: 'Choose a new password' },
  { path: '/verify-email', screen: 'VerifyEmail', access: 'any', title: 'Verify your email address' },
  { path: '/checkout/:planId?', screen: 'Checkout', access: 'public', title: 'Checkout' },
  {
    path: '/subscription-success',
    screen: 'SubscriptionSuccess',
    access: 'public',
    title: 'Subscription activated',
  },
  { path: '/help', screen: 'Help', access: 'any', title: 'Help & Support' },
  // Desktop help goes to /help-support-page, the mobile menu's to /help-support. Help and the
  // refund policy are readable by anyone: inside the sidebar layout when signed in (so Help &
  // Support never leaves the app), in the public frame otherwise.
  {
    path: '/help-support-page',
    screen: 'HelpSupportPage',
    access: 'any',
    title: 'Help & Support',
    nav: { section: 'Account', label: 'Help & Support', icon: 'CircleHelp', order: 30, menu: 'desktop' },
  },

  // Signed in.
  { path: '/payment', screen: 'Payment', access: 'signed-in', title: 'Payment' },
  { path: '/subscribe', screen: 'Subscribe', access: 'signed-in', title: 'Subscribe' },
  {
    path: '/dashboard',
    screen: 'Dashboard',
    access: 'signed-in',
    nav: { section: 'Main', label: 'Dashboard', icon: 'LayoutDashboard', order: 10 },
  },
  {
    path: '/profile',
    screen: 'Profile',
    access: 'signed-in',
    nav: { section: 'Account', label: 'Profile', icon: 'User', order: 10 },
  },
  {
    path: '/settings',
    screen: 'Settings',
    access: 'signed-in',
    nav: { section: 'Account', label: 'Settings', icon: 'Settings', order: 20 },
  },
  {
    path: '/help-support',
    screen: 'HelpSupport',
    access: 'signed-in',
    nav: { section: 'Account', label: 'Help & Support', icon: 'CircleHelp', order: 30, menu: 'mobile' },
  },
  { path: '/refund-policy', screen: 'RefundPolicy', access: 'any', title: 'Refund policy' },
  // The page itself shows 'Access Denied' to non-admins; the server enforces it. Never in the
  // mobile menu (docs/product/accounts-billing-admin.md (Screens and routes: Layout)).
  {
    path: '/admin-tools',
    screen: 'AdminTools',
    access: 'admin',
    nav: { section: 'Admin', label: 'Admin Tools', icon: 'Wrench', order: 10, badge: 'Dev', menu: 'desktop' },
  },
] as const satisfies readonly RemoteRoute[];

export type AccountScreen = ScreenOf<typeof routes>;
