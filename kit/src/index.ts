// @studio/kit: the shared front-end library (core: what the shell needs at start).
// Form and disclosure widgets live in '@studio/kit/widgets', dialogs in '@studio/kit/overlays':
// separate shared entries, loaded on demand.
// Shared as a Module Federation singleton, consumed as
// source (no build step of its own): the shell provides the one instance every remote uses.
import './theme/bundler-nonce'; // first: sign injected <style> tags with the CSP nonce

export { apiJson, apiRequest, getQueryFn, type UnauthorizedBehavior, USER_ID_HEADER } from './api/api-client';
export { ApiError, errorDetail, throwIfResNotOk } from './api/api-error';
export { createQueryClient, queryDefaults } from './api/query-client';
export {
  type AuthContextValue,
  AuthProvider,
  fetchSession,
  type LoginInput,
  type RegisterInput,
  SESSION_URL,
  USER_QUERY_KEY,
  useAuth,
  useUser,
} from './auth/auth-context';
export { afterSignIn, NEXT_PARAM, safeNextPath, signInPath, TAB_PARAM } from './auth/return-path';
export {
  clearStoredUser,
  readStoredUser,
  readStoredUserId,
  storeUser,
  USER_DATA_KEY,
  USER_ID_KEY,
} from './auth/storage';
export { AUTH_PATH, useSignOut } from './auth/use-sign-out';
export { normalizeUser, type User } from './auth/user';
export { EARLY_ACCESS_LABEL, PRODUCT_NAME, SUPPORT_EMAIL } from './brand';
export { Alert, type AlertProps, type AlertTone } from './components/Alert';
export { Badge, type BadgeProps, type BadgeTone } from './components/Badge';
export {
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonStyles,
} from './components/Button';
export { Card, type CardProps } from './components/Card';
export { MAIN_CONTENT_ID } from './components/main-content';
export { ProgressBar, type ProgressBarProps } from './components/ProgressBar';
export { SkipLink } from './components/SkipLink';
export { Spinner, type SpinnerProps } from './components/Spinner';
export { visuallyHidden } from './components/visually-hidden';
export { CreditSummary, type CreditSummaryProps } from './credits/CreditSummary';
export { creditMessage, creditPercent, moreCreditsLabel } from './credits/credit-display';
export { documentTitle } from './federation/document-title';
export {
  defaultManifestUrl,
  REMOTE_NAMES,
  type RemoteName,
  SCREENS_EXPOSE,
  type ScreensModule,
} from './federation/remote-contract';
export {
  type NavBadge,
  type NavEntry,
  type NavIconName,
  type NavSectionName,
  type RemoteRoute,
  ROUTE_LIST_FILE,
  type RouteAccess,
  type RouteList,
  type ScreenOf,
} from './federation/route-list';
export { BackLink, ScreenFrame, ScreenTitle } from './layout/ScreenFrame';
export { useIsMobile, useMediaQuery } from './layout/use-media-query';
export * from './plans/plans';
export { GlobalStyles } from './theme/GlobalStyles';
export { emotionCache, StudioThemeProvider } from './theme/StudioThemeProvider';
export { MOBILE_BREAKPOINT_PX, type StudioTheme, theme } from './theme/theme';
export { Toaster } from './toast/Toaster';
export {
  dismissToast,
  REDIRECT_TOAST_DURATION_MS,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_VIEWPORT_MAX_WIDTH_PX,
  type ToastOptions,
  type ToastVariant,
  toast,
} from './toast/toast-store';
export { useToast } from './toast/use-toast';
