import { useEffect, useState } from 'react';
import { session, STORAGE_KEYS } from '@portal/ui';

export interface PartnerStaff {
  email: string;
  partnerId: string;
}

export function readPartnerSession(): PartnerStaff | null {
  const token = session.partnerToken();
  const raw = localStorage.getItem(STORAGE_KEYS.partnerUser);
  if (!token || !raw) return null;
  try {
    return JSON.parse(raw) as PartnerStaff;
  } catch {
    return null;
  }
}

export function savePartnerSession(token: string, staff: PartnerStaff): void {
  localStorage.setItem(STORAGE_KEYS.partnerToken, token);
  localStorage.setItem(STORAGE_KEYS.partnerUser, JSON.stringify(staff));
  window.dispatchEvent(new Event('partner-session'));
}

export function endPartnerSession(): void {
  session.clearPartner();
  window.dispatchEvent(new Event('partner-session'));
}

/** The staff member signed in on this device: undefined while checking, then them or null; checked again when the session changes in any tab. */
export function usePartnerSession(): PartnerStaff | null | undefined {
  const [staff, setStaff] = useState<PartnerStaff | null | undefined>(undefined);
  useEffect(() => {
    const check = () => setStaff(readPartnerSession());
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.partnerToken || event.key === STORAGE_KEYS.partnerUser) check();
    };
    check();
    window.addEventListener('storage', onStorage);
    window.addEventListener('partner-session', check);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('partner-session', check);
    };
  }, []);
  return staff;
}
