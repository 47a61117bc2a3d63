// Every QR text of docs/product/creation-tools-qr.md (Screens and routes, Data, Messages), word for word, plus the list and create screens' own.
export const QR_TEXTS = {
  listTitle: 'QR Codes',
  listIntro: 'Codes for your books and flyers: send readers straight to a page, or collect their emails.',
  newCode: 'Create QR Code',
  noCodesTitle: 'No QR codes yet',
  noCodes: 'Create one to put in your book.',
  notFound: 'QR code not found',
  back: 'Back',
  landingBadge: 'Landing Page',
  directBadge: 'Direct Link',
  trackingOn: 'Tracking Enabled',
  trackingOff: 'Tracking Disabled',
  refresh: 'Refresh Data',
  delete: 'Delete',
  deleting: 'Deleting...',
  deleteTitle: 'Delete this QR code?',
  deleteBody: 'Printed copies will show a "no longer active" page. This cannot be undone.',
  cancel: 'Cancel',
  // Edit screen (not in the spec)
  edit: 'Edit',
  editTitle: 'Edit QR Code',
  editFixed:
    'What this code encodes never changes after printing: its type and address stay as they are. You can change where it leads and how its page looks.',
  save: 'Save Changes',
  saving: 'Saving...',
  saved: 'QR code updated',
  savedBody: 'Your changes are live. Printed codes keep working.',
  qrCard: 'QR Code',
  created: 'Created',
  copy: 'Copy',
  copied: 'Copied to clipboard',
  trackingSwitch: 'Enable analytics tracking',
  download: 'Download QR Code',
  downloadSvg: 'Download SVG',
  tabAnalytics: 'Analytics',
  tabDetails: 'Details',
  tabEmails: 'Email Signups',
  performance: 'Performance Overview',
  totalScans: 'Total Scans',
  uniqueVisitors: 'Unique Visitors',
  emailSignups: 'Email Signups',
  conversionRate: 'Conversion Rate',
  trackedAddress: 'Tracked address (share this one)',
  conversionNotMeasured:
    'Not measured: no scans were counted (tracking off, or the page was opened without the code).',
  dailyPerformance: 'Daily Performance',
  refusedTitle: 'Refused signups',
  refusedNone: 'No signup was refused.',
  refusedIntro:
    'Submissions the page turned away, and why. Real readers are told what to do and can try again.',
  noAnalytics: 'No analytics data available yet',
  exportAnalytics: 'Export daily CSV',
  title: 'Title',
  targetUrl: 'Target URL',
  landingUrl: 'Landing Page URL',
  description: 'Description',
  type: 'Type',
  emailsIntro: 'People who signed up through your QR code landing page',
  exportCsv: 'Export CSV',
  noEmails: 'No email signups yet',
  email: 'Email',
  name: 'Name',
  date: 'Date',
  scans: 'Scans',
  signups: 'Signups',
  conversion: 'Conversion',
  updateFailed: 'Update Failed',
  deleteFailed: 'Delete Failed',
  deletedTitle: 'QR code deleted',
  deletedBody: (title: string) =>
    `"${title}" was deleted. Printed copies now show a "no longer active" page.`,
  untrackedSignups: (n: number) =>
    `${n} ${n === 1 ? 'signup' : 'signups'} came without a counted visit (tracking off, or a browser not counted): listed in Email Signups, not in the conversion rate.`,
  copyFailed: 'Copy Failed',
  downloadFailed: 'Download Failed',
  fetchFailed: 'Failed to fetch QR code',
  updateError: 'Failed to update QR code',
  deleteError: 'Failed to delete QR code',
  analyticsError: 'Failed to fetch QR code analytics',
  emailsError: 'Failed to fetch QR code emails',
  downloadStarted: 'Download started',
} as const;

/** The last row of a breakdown: every value not named above it. */
export const BREAKDOWN_OTHER = 'Other';

export const BREAKDOWN_LABELS = {
  device: 'Devices',
  os: 'Operating systems',
  browser: 'Browsers',
  referrer: 'Referrers',
} as const;

/** Why the landing page refused a signup, in the owner's words (the keys are the server's reasons). */
export const REFUSAL_LABELS = {
  token: 'Sent without loading the page, or from a page open for over a day',
  honeypot: 'Filled in the hidden spam trap (a bot)',
  ceiling: 'Too many signups in a short time, from one network or in all',
} as const;

/** docs/product/creation-tools-qr.md (Limits and costs) */
export const COPY_FEEDBACK_MS = 2000;
