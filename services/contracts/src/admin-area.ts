/**
 * /admin and what lies under it (/administrator and the like are ordinary, unknown paths): the
 * shell opens them from the admin remote, and the gateway's page for them preloads its code.
 */
export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');
/** The partner area's pages: a dealer's staff, with a sign-in of their own. */
export const isPartnerPath = (pathname: string) => pathname === '/partner' || pathname.startsWith('/partner/');
