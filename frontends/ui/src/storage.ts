/** The local storage keys of behaviour.md §3. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  adminToken: 'adminToken',
  adminUser: 'adminUser',
  /** A partner's staff member's session, apart from their own as a practitioner. */
  partnerToken: 'partnerToken',
  partnerUser: 'partnerUser',
} as const;

export const session = {
  token: () => localStorage.getItem(STORAGE_KEYS.token),
  save(token: string, user: unknown) {
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  },
  /** Swaps the token alone, as a password change does for the session that made it. */
  replaceToken(token: string) {
    localStorage.setItem(STORAGE_KEYS.token, token);
  },
  clear() {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.user);
  },
  adminToken: () => localStorage.getItem(STORAGE_KEYS.adminToken),
  clearAdmin() {
    localStorage.removeItem(STORAGE_KEYS.adminToken);
    localStorage.removeItem(STORAGE_KEYS.adminUser);
  },
  partnerToken: () => localStorage.getItem(STORAGE_KEYS.partnerToken),
  clearPartner() {
    localStorage.removeItem(STORAGE_KEYS.partnerToken);
    localStorage.removeItem(STORAGE_KEYS.partnerUser);
  },
};
