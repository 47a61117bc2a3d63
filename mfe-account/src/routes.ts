// The account remote's routes (spec 01 §2.1) and their nav entries (spec 01 §2.2). The build
// publishes this list as routes.json; the shell merges it with the other remotes' at start.
// Type imports only: the build reads this file without React.
import type { RemoteRoute, ScreenOf } from '@studio/kit';

export const routes = [
  // Public. The checkout plan defaults to basic, so the segment is optional.
  { path: '/', screen: 'Landing', access: 'public' },
  { path: '/auth', screen: 'Auth', access: 'public' },
  { path: '/pricing', screen: 'Pricing', access: 'public' },
  { path: '/checkout/:planId?', screen: 'Checkout', access: 'public' },
  { path: '/subscription-success', screen: 'SubscriptionSuccess', access: 'public' },
  { path: '/help', screen: 'Help', access: 'public' },
  // Desktop help goes to the public help page; the mobile menu's goes to the in-app one.
  {
    path: '/help-support-page',
    screen: 'HelpSupportPage',
    access: 'public',
    nav: { section: 'Account', label: 'Help & Support', icon: 'CircleHelp', order: 30, menu: 'desktop' },
  },

  // Signed in.
  { path: '/payment', screen: 'Payment', access: 'signed-in' },
  { path: '/subscribe', screen: 'Subscribe', access: 'signed-in' },
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
  { path: '/refund-policy', screen: 'RefundPolicy', access: 'signed-in' },
  // The page itself shows 'Access Denied' to non-admins; the server enforces it. Never in the
  // mobile menu (spec 01 §2.2).
  {
    path: '/admin-tools',
    screen: 'AdminTools',
    access: 'admin',
    nav: { section: 'Admin', label: 'Admin Tools', icon: 'Wrench', order: 10, badge: 'Dev', menu: 'desktop' },
  },
] as const satisfies readonly RemoteRoute[];

export type AccountScreen = ScreenOf<typeof routes>;
