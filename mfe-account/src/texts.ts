// Every text the account remote shows, in one place. Quoted strings of docs/product/accounts-billing-admin.md are kept verbatim
// (Screens and routes, Validation, Messages); the rest is worded to match them. Plan numbers come from the kit (docs/product/accounts-billing-admin.md (Limits and costs)).
import { ACCOUNT_MESSAGES } from '@studio/events/rules';
import { SUPPORT_EMAIL } from '@studio/kit';

/** Support is by email only (docs/product/accounts-billing-admin.md (What it does)). */
export { SUPPORT_EMAIL };
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;

/** docs/product/accounts-billing-admin.md (Validation), word for word (the field rules' messages are the request schemas' own). */
export const VALIDATION = {
  ...ACCOUNT_MESSAGES,
  cardFailed: 'Failed to validate your card. Please try again.',
  cardUnable: 'Unable to validate your card. Please try again.',
  cardNotReady: 'Please wait while we load the payment form.',
  cardMissing: 'Payment form not found. Please reload the page.',
} as const;

/** docs/product/accounts-billing-admin.md (Messages) toasts (title and description). */
export const TOASTS = {
  subscriptionActivated: {
    title: 'Subscription Activated',
    description: 'Thank you for subscribing! Your plan and credits are in place.',
  },
  fetchBooksFailed: 'Failed to fetch books',
  dataRefreshed: { title: 'Data Refreshed', description: 'Your account data is up to date.' },
  paymentSuccessful: { title: 'Payment Successful', description: 'You are now subscribed!' },
  subscriptionSuccessful: {
    title: 'Subscription Successful',
    description: 'Welcome to your new subscription!',
  },
  subscriptionFailed: 'Subscription Failed',
  subscriptionFailedDefault: 'There was an error processing your subscription. Please try again.',
  setupFailed: 'Failed to set up subscription',
  paymentFailed: 'Payment Failed',
  paymentSetupFailed: 'Payment Setup Failed',
  genericFailed: { title: 'An error occurred', description: 'Please try again later' },
  noClientSecret: 'No client secret received',
  checkoutError: {
    title: 'Checkout Error',
    description: 'There was a problem setting up your checkout. Please try again later.',
  },
  subscriptionUpdated: 'Subscription Updated',
  updateFailed: 'Update Failed',
  verificationComplete: 'Verification Complete',
  verificationFailed: 'Verification Failed',
  rebuildComplete: 'Read Models Rebuilt',
  rebuildFailed: 'Rebuild Failed',
} as const;

export const verificationCounts = (verified: number, errors: number) =>
  `Verified: ${verified} subscription${verified === 1 ? '' : 's'}. Errors: ${errors}.`;

export const LANDING = {
  headline: 'AI Book Generator Platform',
  tagline:
    'Describe a concept and get a finished book: coloring books, non-fiction, kids books and KDP listings, ready to publish. You own everything you create, with no royalties.',
  startCreating: 'Start Creating',
  logIn: 'Log In',
  getStarted: 'Get Started',
  withPlan: (plan: string) => `with ${plan}`,
  help: 'Help',
  menuOpen: 'Open menu',
  menuClose: 'Close menu',
  nav: [
    { href: '#coloring-books', label: 'Coloring Books' },
    { href: '#nonfiction-books', label: 'Non-fiction Books' },
    { href: '#coming-soon', label: 'Coming Soon' },
    { href: '#pricing', label: 'Pricing' },
    { href: '#faq', label: 'FAQ' },
  ],
  demoTitle: 'Product demo video',
  coloring: {
    title: 'Coloring Books',
    intro: 'Turn any idea into a printable coloring book in minutes.',
    features: [
      { title: 'Custom themes', text: 'Dinosaurs, mandalas, fantasy castles: pick any theme and style.' },
      { title: 'Instant PDF download', text: 'Every book arrives as a print-ready PDF.' },
      {
        title: 'Customizable difficulty',
        text: 'From bold, simple shapes for toddlers to detailed patterns for adults.',
      },
    ],
  },
  nonfiction: {
    title: 'Non-fiction Books',
    intro:
      'Outline first, then the full book. Pick the outline you like and get a complete, structured manuscript with chapters, ready for KDP.',
    points: [
      'Three outlines to choose from',
      'Full chapters written for your audience',
      'Optimized KDP listing: title, subtitle, description and 7 keywords',
      'PDF download, EPUB on higher plans',
    ],
  },
  comingSoon: {
    title: 'Coming Soon',
    intro: 'New tools are on their way. Be the first to know.',
    features: [
      { title: 'Fantasy book creator', text: 'Illustrated fantasy stories with consistent characters.' },
      { title: 'Custom art styles', text: 'Train the look of your books on your own style.' },
      { title: 'Interactive QR books', text: 'Printed books that link readers to extra content.' },
    ],
    newsletterLabel: 'Email address',
    newsletterPlaceholder: 'you@example.com',
    subscribe: 'Subscribe',
    subscribing: 'Subscribing…',
    failed: "We couldn't subscribe you. Please try again.",
  },
  pricing: { title: 'Pricing', intro: 'Simple monthly plans. Credits renew every month.' },
  faqTitle: 'Frequently Asked Questions',
  footer: {
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    contact: 'Contact',
  },
} as const;

/** Six questions, one open at a time or none (docs/product/accounts-billing-admin.md (Screens and routes: Landing page)). */
export const LANDING_FAQ = [
  {
    q: 'What can I create with the platform?',
    a: 'Coloring books, single coloring pages, non-fiction books, kids books of 24 pages, AI images and KDP listings. Everything is downloadable as PDF, and EPUB is offered on higher plans.',
  },
  {
    q: 'How do credits work?',
    a: 'Every tool consumes credits. A book uses 20 credits. Credits come with your monthly plan and renew every month.',
  },
  {
    q: 'Do I own the books I create?',
    a: 'Yes. You own everything you generate, fully, with no royalties. You can publish it on Amazon KDP or anywhere else.',
  },
  {
    q: 'How long does it take to generate a book?',
    a: 'Most books are ready in a few minutes. Larger books can take up to 30 minutes.',
  },
  {
    q: 'Is there a free plan?',
    a: 'Free-tier users get a limited non-fiction generator. Subscribe to a plan to unlock every tool.',
  },
  {
    q: 'Can I get a refund?',
    a: 'There is no refund once credits are used. To cancel or change your subscription, email support.',
  },
] as const;

export const AUTH = {
  pageTitle: 'Log in or register',
  intro: 'Sign in to your account or create a new one.',
  loginTab: 'Login',
  registerTab: 'Register',
  email: 'Email',
  password: 'Password',
  name: 'Full name',
  phone: 'Phone number (optional)',
  card: 'Card details',
  logInButton: 'Log In',
  loggingIn: 'Logging in...',
  registerButton: 'Create Account',
  registering: 'Creating account...',
  forgotPassword: 'Forgot your password?',
  cardNote: 'Your card is not charged now. It is collected to prevent multiple account creation.',
  simulatedCardNote: 'Test mode: no card is needed. Card collection is simulated and nothing is charged.',
  paymentConfigLoading: 'Loading the payment form...',
  benefitsTitle: 'Why create an account?',
  benefits: [
    'Generate coloring books, non-fiction books and kids books with AI',
    'Own everything you create, with no royalties',
    'Download your books as PDF, and EPUB on higher plans',
    'Optimized KDP listings with 7 keywords',
    'Credits that renew every month',
  ],
  termsBefore: 'By continuing you agree to our ',
  terms: 'Terms of Service',
  termsAnd: ' and ',
  privacy: 'Privacy Policy',
  termsAfter: '.',
} as const;

/** /forgot-password: a reset link by mail; the same answer whether or not the address has an account. */
export const FORGOT = {
  pageTitle: 'Reset your password',
  intro: 'Enter the email address of your account. We will mail you a link to choose a new password.',
  email: 'Email',
  submit: 'Send the reset link',
  sending: 'Sending...',
  checkInbox: 'Check your inbox',
  failed: 'We could not send the link. Please try again.',
  backToLogin: 'Back to Log In',
} as const;

/** /reset-password#token=…: the mailed link's page. */
export const RESET = {
  pageTitle: 'Choose a new password',
  intro: 'Enter your new password twice. Resetting signs you out on every device.',
  password: 'New password',
  repeat: 'Repeat the new password',
  mismatch: 'The two passwords are not the same',
  submit: 'Set the new password',
  saving: 'Saving...',
  done: 'Password changed',
  logIn: 'Log In',
  askAgain: 'Ask for a new link',
  noToken: 'This page needs the link from our email. Please open the link again, or ask for a new one.',
} as const;

/** /verify-email#token=…: the verification link's page. */
export const VERIFY = {
  pageTitle: 'Verify your email address',
  verifying: 'Verifying your email address...',
  done: 'Email verified',
  failed: 'This link did not work',
  sendNew: 'Send a new link',
  logInToResend: 'Log in to ask for a new link',
  goToDashboard: 'Go to Dashboard',
  logIn: 'Log In',
  noToken: 'This page needs the link from our email. Please open the link again, or ask for a new one.',
} as const;

/** Settings: the address and the password. */
export const SECURITY = {
  emailTitle: 'Email address',
  verified: 'Verified',
  unverified: 'Not verified yet',
  unverifiedText:
    'Open the link we mailed you to verify this address. Admin rights and any feature that mails on your behalf need a verified address.',
  resend: 'Send a new verification link',
  resending: 'Sending...',
  resent: 'Verification link sent',
  resendFailed: 'Could not send the link',
  passwordTitle: 'Password',
  passwordText: 'Changing your password signs you out on every other device.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  change: 'Change password',
  changing: 'Changing...',
  changed: 'Password changed',
  changeFailed: 'Could not change your password',
} as const;

export const DASHBOARD = {
  pageTitle: 'Dashboard',
  failedTitle: (n: number) => (n === 1 ? 'A book could not be made' : `${n} books could not be made`),
  failedMore: 'See them in My Books',
  welcome: (name: string) => `Welcome back, ${name}!`,
  planBadge: (tier: string) => `${tier} plan`,
  credits: (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`,
  activatedTitle: 'Subscription Activated!',
  activatedText: 'Your subscription is active and your credits are ready to use.',
  confirmingTitle: 'Confirming your payment',
  confirmingText: 'Your plan and credits will appear here in a few seconds.',
  refreshData: 'Refresh Data',
  noticeTitle: 'Important notice',
  noticeText: `Paid users: if your credits or subscription have not updated after payment, email ${SUPPORT_EMAIL} with your username and plan and we will fix it manually.`,
  refundLink: 'Read our refund policy',
  stats: {
    total: 'Total books created',
    inProgress: 'In Progress',
    completed: 'Completed/Ready to download',
  },
  progressTitle: 'Book Progress',
  inProgressPill: 'In Progress',
  created: (date: string) => `Created ${date}`,
  noBooks: 'No books in progress',
  viewMore: (n: number) => `View ${n} More`,
  viewAll: 'View All Books',
  quickActions: 'Quick Actions',
  actions: {
    create: 'Create New Book',
    viewAll: 'View All Books',
    coloring: 'Generate Coloring Page',
    settings: 'Account Settings',
  },
  loadError: 'Error loading dashboard data. Please try refreshing the page.',
  loading: 'Loading your dashboard',
  tools: {
    title: 'Tools',
    price: (credits: number, varies: boolean) => `${varies ? 'From ' : ''}${credits} credits`,
    plans: (tiers: readonly string[]) => `On the ${tiers.join(' and ')} plans`,
    qr: {
      to: '/qr-codes',
      name: 'QR Codes',
      makes: 'Codes that send readers to your link or landing page, with scans and email signups counted.',
      price: 'No credits',
    },
  },
} as const;

export const PRICING = {
  pageTitle: 'Pricing',
  intro: 'Choose the plan that fits your publishing. Credits renew every month.',
  earlyAccessTitle: 'Early Access',
  earlyAccess: (date: string, saving: string) =>
    `Early-access prices: they double on ${date}. Subscribe now and save ${saving}.`,
  mostPopular: 'Most popular',
  perMonth: '/month',
  creditsPerMonth: (n: number) => `${n} credits per month`,
  choose: (plan: string) => `Subscribe to ${plan}`,
  currentPlan: 'Your current plan',
  currentPlanLabel: 'Current plan',
  upgrade: (plan: string) => `Upgrade to ${plan}`,
  downgrade: (plan: string) => `Switch to ${plan}`,
  keepPlan: (current: string) => `Keep ${current}`,
  cardNote: 'Use the payment link above to subscribe to this plan.',
  renewsNote: (credits: number, date: string) => `Your ${credits} credits renew on ${date}.`,
  changesNote: (plan: string, date: string) => `Changes to ${plan} on ${date}.`,
  changeNote: 'Changes your plan: see what it costs before anything is charged.',
  topPlanTitle: 'You have our top plan',
  topPlan: (credits: number, date: string | undefined) =>
    date
      ? `Premium has the most credits of any plan. Your ${credits} credits renew on ${date}, every month.`
      : `Premium has the most credits of any plan. Your ${credits} credits renew every month.`,
  moreCreditsTitle: 'Need more credits?',
  moreCredits: (plan: string) =>
    `Upgrade from ${plan}: the extra credits of the higher plan for the rest of this month come at once, for the price difference of the days left.`,
  afterPayingTitle: 'After paying',
  afterPaying: `Your credits usually arrive within minutes. If they have not, email ${SUPPORT_EMAIL} with your username and plan, and your account will then be activated manually.`,
  regularPrice: 'Regular price',
} as const;

/** What a subscriber reads before changing plan (payment, checkout and subscribe pages). */
export const PLAN_CHANGE = {
  title: (from: string, to: string) => `From ${from} to ${to}`,
  keepTitle: (plan: string) => `Keep ${plan}`,
  loading: 'Working out what the change costs...',
  failed: 'Could not work out what the change costs. Please try again.',
  tryAgain: 'Try again',
  upgradeSteps: (d: {
    dueNow: string;
    credits: number;
    to: string;
    renewal: string;
    price: string;
    monthly: number;
  }) => [
    `You pay ${d.dueNow} now: the price difference for the days left this month.`,
    `You get ${d.credits} more credits now; the credits you have stay.`,
    `${d.to} applies at once. Your renewal date stays ${d.renewal}: from then on you pay ${d.price} a month and get ${d.monthly} credits.`,
  ],
  downgradeSteps: (d: { from: string; to: string; renewal: string; price: string; monthly: number }) => [
    'Nothing is charged or refunded now, and your credits stay.',
    `You keep ${d.from} and its features until ${d.renewal}.`,
    `From ${d.renewal} you pay ${d.price} a month and get ${d.monthly} credits.`,
  ],
  keepSteps: (d: { plan: string; next: string; renewal: string }) => [
    `Your plan stays ${d.plan}: the switch to ${d.next} on ${d.renewal} is called off.`,
    'Nothing is charged now.',
  ],
  confirmUpgrade: (plan: string, dueNow: string) => `Upgrade to ${plan} — pay ${dueNow} now`,
  confirmDowngrade: (plan: string, renewal: string) => `Switch to ${plan} on ${renewal}`,
  confirmKeep: (plan: string) => `Keep ${plan}`,
  working: 'Changing your plan...',
  upgraded: (plan: string) => `Your plan is now ${plan}`,
  scheduled: (plan: string, renewal: string) => `${plan} starts on ${renewal}`,
  kept: (plan: string) => `You keep ${plan}`,
  changeFailed: 'Your plan was not changed',
  samePlanTitle: 'This is your plan',
  nextRenewal: 'your next renewal',
} as const;

export const CHECKOUT = {
  pageTitle: 'Checkout',
  summaryTitle: 'Plan summary',
  paymentTitle: 'Payment information',
  backToPricing: 'Back to Pricing',
  payButton: (plan: string, price: string) => `Subscribe to ${plan} - ${price}/month`,
  processing: 'Processing...',
  failed: 'Failed to initialize checkout. Please try again.',
  tryAgain: 'Try again',
  preparing: 'Preparing your checkout...',
  signInFirst: 'Log in or create an account to subscribe to this plan.',
  signIn: 'Log in to continue',
  testModeTitle: 'Test mode — no real charge',
  testModeText: 'This checkout is simulated: no card is needed and nothing is charged.',
  testCard: 'Card number (test)',
  testCardValue: '4242 4242 4242 4242',
} as const;

export const PAYMENT = {
  pageTitle: 'Plan payment',
  plan: 'Plan',
  price: 'Price',
  credits: 'Credits per month',
  books: 'Approximate books',
  booksValue: (n: number) => `About ${n} books per month`,
  notes: [
    { title: 'Secure Checkout', text: 'Payments are processed securely by our payment provider.' },
    {
      title: 'Account Setup',
      text: `Credits are added to your account automatically. If they are missing after 24 hours, contact ${SUPPORT_EMAIL}.`,
    },
    { title: 'Cancel Anytime', text: 'Cancel your subscription at any time by emailing support.' },
  ],
  proceed: 'Proceed to Checkout',
  redirecting: 'Redirecting...',
  backToPlans: 'Back to Plans',
  invalidPlan: 'Invalid plan selected',
} as const;

export const SUBSCRIBE = {
  settingUp: 'Setting up your subscription...',
  title: 'Complete Your Subscription',
  button: 'Subscribe Now',
  unable: 'Unable to set up subscription',
  returnToDashboard: 'Return to Dashboard',
} as const;

export const SUCCESS = {
  title: 'Subscription successful!',
  plan: 'Plan',
  creditsAdded: 'Credits added',
  total: 'Total credits',
  goToDashboard: 'Go to Dashboard',
  createFirstBook: 'Create Your First Book',
  redirecting: (seconds: number) =>
    `Redirecting to your dashboard in ${seconds} second${seconds === 1 ? '' : 's'}...`,
} as const;

export const PROFILE = {
  pageTitle: 'My Profile',
  emailUnverified: 'not verified yet',
  fullName: 'Full name',
  email: 'Email',
  plan: 'Subscription plan',
  createdAt: 'Account created',
  notAvailable: 'N/A',
  updateProfile: 'Update Profile',
  phone: 'Phone number',
  penName: 'Pen name',
  penNameHint: 'The author name on your books. Leave it empty to use your full name.',
  noPenName: 'None: books show your full name',
  save: 'Save changes',
  cancel: 'Cancel',
  updated: 'Profile updated',
  updateFailed: 'Could not update your profile',
  loadError: 'Error loading profile data. Please try refreshing the page.',
  historyTitle: 'Credit history',
  historyDescription: 'Every grant, use, refund and adjustment of your credits, newest first.',
  historyEmpty: 'No credit activity yet.',
  historyError: 'Could not load your credit history.',
  kinds: {
    granted: 'Granted',
    debited: 'Used',
    refunded: 'Refunded',
    adjusted: 'Adjusted',
    withdrawn: 'Withdrawn',
  },
  balanceAfter: (n: number) => `Balance ${n}`,
  reasons: {
    planPurchase: (plan: string) => `${plan} plan purchased: monthly credits`,
    renewal: (plan: string) => `${plan} plan renewed: monthly credits`,
    generation: (what: string) => `Used for: ${what}`,
    generationFailed: 'Refund: the generation failed',
    generationTimedOut: 'Refund: the generation timed out',
    adjusted: (why: string) => `Adjusted by support: ${why}`,
    paymentRefunded: (plan: string) => `${plan} plan payment refunded: its unused credits withdrawn`,
    disputeLost: (plan: string) => `${plan} plan payment disputed and reversed: its unused credits withdrawn`,
  },
} as const;

export const SETTINGS = {
  pageTitle: 'Settings',
  billingTitle: 'Billing & Subscription',
  currentPlan: 'Current plan',
  billingText: `To manage or cancel your subscription, email ${SUPPORT_EMAIL}. We reply within 1-2 business days for subscription changes.`,
  emailSupport: 'Email support',
  viewPlans: 'View plans',
  actionsTitle: 'Account Actions',
  actionsText: 'Sign out of your account on this device.',
  logOut: 'Log Out',
  loadError: 'Error loading settings. Please try refreshing the page.',
} as const;

export const HELP = {
  pageTitle: 'Help & Support',
  intro: 'Answers to common questions, and how to reach us.',
  contactTitle: 'Contact us',
  contactText: `Support is by email only. Write to ${SUPPORT_EMAIL}; we reply in 24-48 hours.`,
  paymentTitle: 'Payments and refunds',
  paymentText:
    'Plans are monthly subscriptions paid by card. Credits may take up to 24 hours to appear; if they are missing after that, email support with your username and plan. There is no refund once credits are used.',
  refundLink: 'Read the full refund policy',
  faqTitle: 'Frequently Asked Questions',
  backHome: 'Back to home',
  goToDashboard: 'Go to Dashboard',
} as const;

/** The in-app help page's six questions (docs/product/accounts-billing-admin.md (Screens and routes: Help and refund pages)). */
export const HELP_FAQ = [
  {
    q: 'How many credits does a book cost?',
    a: 'A book uses 20 credits. Basic gives 60 credits a month, Standard 150 and Premium 400.',
  },
  {
    q: 'My credits did not appear after paying. What do I do?',
    a: `Credits may take up to 24 hours to appear. If they are still missing, email ${SUPPORT_EMAIL} with your username and plan and we will activate your account manually.`,
  },
  {
    q: 'How long does a book take to generate?',
    a: 'Usually 15-20 minutes for a full book. If nothing has happened after 30 minutes, contact support.',
  },
  {
    q: 'Which plans include the Coloring Book Generator?',
    a: 'Standard and Premium. Basic does not include it.',
  },
  {
    q: 'How do I cancel my subscription?',
    a: 'Email support. Subscription changes are handled within 1-2 business days.',
  },
  {
    q: 'Can I get a refund?',
    a: 'There is no refund once credits are used. See the refund policy for details.',
  },
] as const;

export const REFUND = {
  pageTitle: 'Refund Policy',
  sections: [
    {
      title: 'Credits that have been used',
      text: 'There is no refund once credits are used. Every generation consumes credits as soon as it starts.',
    },
    {
      title: 'Failed generations',
      text: 'If a generation fails on our side, its credits are returned to your balance automatically.',
    },
    {
      title: 'Unused subscriptions',
      text: `If you were charged and have not used any credits, email ${SUPPORT_EMAIL} within 7 days of the charge with your username and plan.`,
    },
    {
      title: 'Cancelling',
      text: 'Cancel at any time by emailing support. Your plan stays active until the end of the paid month.',
    },
  ],
} as const;

export const ADMIN = {
  pageTitle: 'Admin Tools',
  intro: 'Fix subscriptions by hand, verify them against the payment provider, and read the event log.',
  accessDeniedTitle: 'Access Denied',
  accessDenied:
    "You don't have permission to access this page. This area is restricted to administrators only.",
  tabs: {
    update: 'Update User Subscription',
    verify: 'Verify Subscriptions',
    self: 'Self Update',
    events: 'Event History',
    rebuild: 'Rebuild Read Models',
    newsletter: 'Newsletter',
    aiCosts: 'AI Costs',
  },
  update: {
    lookupForm: 'User lookup',
    lookupLabel: 'Find a user by email',
    lookup: 'Find',
    lookupNone: 'No user found with that email.',
    found: (name: string, email: string, tier: string, credits: number) =>
      `${name} (${email}): ${tier}, ${credits} credits`,
    userId: 'User ID',
    customerId: 'Customer ID',
    subscriptionId: 'Subscription ID (optional)',
    tier: 'Subscription tier',
    credits: 'Credits',
    submit: 'Update Subscription',
    updating: 'Updating...',
    required: 'Required',
    result: (name: string, before: number, after: number, tier: string) =>
      `${name} now has the ${tier} plan and ${after} credits (was ${before}).`,
  },
  verify: {
    text: 'Checks every active subscription with the payment provider and downgrades those that have ended.',
    button: 'Verify All Subscriptions',
    running: 'Verifying...',
  },
  self: {
    text: 'A testing tool: changes your own subscription and adds the plan credits. The page reloads after success.',
    customerId: 'Customer ID',
    subscriptionId: 'Subscription ID',
    tier: 'Subscription tier',
    submit: 'Update My Subscription',
    notLoggedIn: 'You must be logged in to update your subscription',
    reloading: 'Reloading...',
  },
  events: {
    text: "Read a user's account stream: every event that shaped their credits and subscription, newest first.",
    label: 'User ID or email',
    submit: 'Show events',
    loading: 'Loading events...',
    empty: 'This user has no events.',
    notFound: 'No user found with that email.',
    count: (n: number, who: string) => `${n} event${n === 1 ? '' : 's'} for ${who}`,
    revision: 'Revision',
    position: 'Position',
    correlation: 'Correlation',
  },
  rebuild: {
    text: 'Drops every read model and rebuilds it from the event log. Use it after fixing events or a projection.',
    button: 'Rebuild Read Models',
    confirmTitle: 'Rebuild all read models?',
    confirmText:
      'Dashboards and galleries may be briefly incomplete while the log replays. Nothing in the event log changes.',
    confirm: 'Rebuild now',
    cancel: 'Cancel',
    running: 'Rebuilding...',
    result: (message: string, ms: number) => `${message} in ${ms} ms.`,
  },
  aiCosts: {
    text: 'What the AI provider cost for the jobs of a period, beside the credits they were charged and what those credits brought in (the plan’s price per credit; the lowest one when the plan is unknown).',
    from: 'From',
    to: 'To (not included)',
    show: 'Show',
    loading: 'Adding up the costs...',
    failed: "Couldn't load the AI costs.",
    total: (jobs: number, cost: string, revenue: string, margin: string) =>
      `${jobs} job${jobs === 1 ? '' : 's'}: AI cost ${cost}, credits worth ${revenue}, margin ${margin}`,
    noCost: (n: number) => `${n} job${n === 1 ? '' : 's'} made by the offline provider, at no cost.`,
    byTool: 'By tool',
    byUser: 'By user (most costly first)',
    tool: 'Tool',
    user: 'User ID',
    jobs: 'Jobs',
    credits: 'Credits',
    revenue: 'Credits worth',
    cost: 'AI cost',
    margin: 'Margin',
    overPrice: 'Jobs that cost more than their price',
    noneOverPrice: 'None in this period.',
    overPriceJob: (tool: string, id: string, cost: string, revenue: string) =>
      `${tool} ${id}: cost ${cost}, charged ${revenue}`,
  },
  newsletter: {
    text: "Addresses left in the landing page's newsletter box. The export is a CSV for your mailing tool.",
    loading: 'Counting subscribers...',
    count: (n: number) => `${n} subscriber${n === 1 ? '' : 's'}`,
    latest: 'Latest',
    export: 'Export CSV',
    failed: "Couldn't load the subscribers.",
  },
} as const;
