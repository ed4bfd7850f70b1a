import { useEffect, useState } from 'react';
import { adminMay, isAdminRole, type AdminAction, type AdminUser } from '@portal/contracts';
import { STORAGE_KEYS } from '@portal/ui';

export type { AdminUser };

export function readAdminSession(): AdminUser | null {
  const token = localStorage.getItem(STORAGE_KEYS.adminToken);
  const raw = localStorage.getItem(STORAGE_KEYS.adminUser);
  if (!token || !raw) return null;
  try {
    return JSON.parse(raw) as AdminUser;
  } catch {
    return null;
  }
}

export function saveAdminSession(token: string, user: AdminUser): void {
  localStorage.setItem(STORAGE_KEYS.adminToken, token);
  localStorage.setItem(STORAGE_KEYS.adminUser, JSON.stringify(user));
  // Other tabs hear a storage event; this one is told directly.
  window.dispatchEvent(new Event('admin-session'));
}

/**
 * The admin signed in on this device: undefined while checking, then the admin or null. It is
 * checked again whenever the adminToken or adminUser entries change, in this tab or another.
 */
export function useAdminSession(): AdminUser | null | undefined {
  const [admin, setAdmin] = useState<AdminUser | null | undefined>(undefined);
  useEffect(() => {
    const check = () => setAdmin(readAdminSession());
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.adminToken || event.key === STORAGE_KEYS.adminUser) check();
    };
    check();
    window.addEventListener('storage', onStorage);
    window.addEventListener('admin-session', check);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('admin-session', check);
    };
  }, []);
  return admin;
}

/**
 * Whether the signed-in admin's role allows the action: the screens show only what it does;
 * the server refuses the rest anyway. A session stored before roles allows nothing.
 */
export function adminMayNow(action: AdminAction): boolean {
  const role = readAdminSession()?.role;
  return isAdminRole(role) && adminMay(role, action);
}
