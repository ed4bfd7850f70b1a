import type { CommissionKind, PartnerTier, TierRates } from '@portal/contracts';

export interface StaffRecord {
  userId: string;
  email: string;
  addedAt: Date;
}

export interface PartnerRecord {
  id: string;
  code: string;
  legalName: string;
  gstin: string | null;
  pan: string;
  bank: { accountName: string; accountNumber: string; ifsc: string };
  tier: PartnerTier;
  status: 'active' | 'suspended';
  staff: StaffRecord[];
  createdAt: Date;
}

export type NewPartner = Omit<PartnerRecord, 'id' | 'staff' | 'status'>;

export interface PartnerStore {
  /** null when the code is taken (another is drawn). */
  create(partner: NewPartner): Promise<PartnerRecord | null>;
  find(id: string): Promise<PartnerRecord | null>;
  findByCode(code: string): Promise<PartnerRecord | null>;
  list(): Promise<PartnerRecord[]>;
  update(id: string, changes: Partial<Pick<PartnerRecord, 'tier' | 'status'>>): Promise<PartnerRecord | null>;
  addStaff(id: string, member: StaffRecord): Promise<PartnerRecord | null>;
  removeStaff(id: string, userId: string): Promise<PartnerRecord | null>;
}

export interface TierRateStore {
  all(): Promise<Record<PartnerTier, TierRates>>;
  rateFor(tier: PartnerTier, kind: CommissionKind): Promise<number>;
  set(tier: PartnerTier, rates: TierRates): Promise<void>;
}
