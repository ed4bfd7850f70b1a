/**
 * /admin and what lies under it (/administrator and the like are ordinary, unknown paths): the
 * shell opens them from the admin remote, and the gateway's page for them preloads its code.
 */
export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');
