import { POLICIES } from './policies';

/**
 * The portal's pages by path, each with the portal remote's module that shows it (the shell's
 * routes): the gateway's page for the path preloads the module's files, which then download beside
 * the shell's own rather than once the shell has run and routed (and, on a signed-in page, while
 * the session is checked). The landing page is left to find its own, as it did: its JavaScript is
 * held to a budget of bytes (npm run bench), and it scores 99 without.
 */
export const PAGE_MODULES = {
  '/signup': 'Signup',
  '/login': 'Login',
  '/forgot-password': 'ForgotPassword',
  '/reset-password': 'ResetPassword',
  '/activate': 'Activate',
  '/pricing': 'Pricing',
  '/about': 'About',
  '/contact': 'Contact',
  [POLICIES.terms.path]: 'Terms',
  [POLICIES.privacy.path]: 'Privacy',
  [POLICIES.refund.path]: 'RefundPolicy',
  '/dashboard': 'Dashboard',
  '/download': 'Download',
  '/subscription': 'Subscription',
  '/profile': 'Profile',
} as const;
