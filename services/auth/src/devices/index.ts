/**
 * The desktop app's device sign-in (RFC 8628) and its sessions: refresh tokens rotated on each
 * use. Other capabilities reach this one through what is exported here, and nothing else (the lint
 * walls in eslint.config.mjs): ending a person's sessions needs the session store's port.
 */
export type { DesktopSession, DesktopSessionStore } from './domain/ports';
