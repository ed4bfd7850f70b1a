export interface AttributionRecord {
  /** The customer: one partner at a time. */
  userId: string;
  partnerId: string;
  email: string;
  since: Date;
  source: 'code' | 'admin';
}

export interface AttributionStore {
  find(userId: string): Promise<AttributionRecord | null>;
  /** false when the customer already has a partner. */
  claim(record: AttributionRecord): Promise<boolean>;
  /** An admin's change: the new partner, or none. */
  replace(userId: string, record: AttributionRecord | null): Promise<void>;
  remove(userId: string): Promise<AttributionRecord | null>;
  forPartner(partnerId: string, search: string | undefined, limit: number): Promise<AttributionRecord[]>;
  deleteForUser(userId: string): Promise<void>;
}
