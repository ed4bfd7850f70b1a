/**
 * The pages the portal remote exposes, one chunk each, so the landing page loads only what it
 * shows. The one list: webpack's `exposes` (webpack.config.js) and the shell's loaders
 * (shell/src/app/remote-pages.ts) both read it.
 */
export const PORTAL_PAGES = [
  'Landing',
  'Login',
  'Signup',
  'ForgotPassword',
  'ResetPassword',
  'Dashboard',
  'Download',
  'Subscription',
  'About',
  'Profile',
  'Activate',
  'Pricing',
  'Terms',
  'Privacy',
  'RefundPolicy',
  'Contact',
  'Consent',
] as const;
export type PortalPage = (typeof PORTAL_PAGES)[number];
