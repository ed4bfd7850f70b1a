/**
 * The portal's signed-in pages by path, each with the portal remote's module that shows it (the
 * shell's routes): the gateway's page for the path preloads the module's files, which then
 * download while the session is checked.
 */
export const SIGNED_IN_PAGES = {
  '/dashboard': 'Dashboard',
  '/download': 'Download',
  '/subscription': 'Subscription',
  '/profile': 'Profile',
} as const;
