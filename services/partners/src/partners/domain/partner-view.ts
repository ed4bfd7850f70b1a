import type { PartnerView } from '@portal/contracts';
import type { PartnerRecord } from './ports';

/** A partner as the admin and its own staff see it: of the bank account, its last four digits. */
export const partnerView = (partner: PartnerRecord): PartnerView => ({
  id: partner.id,
  code: partner.code,
  legalName: partner.legalName,
  gstin: partner.gstin,
  pan: partner.pan,
  bank: { accountName: partner.bank.accountName, accountEnding: partner.bank.accountNumber.slice(-4), ifsc: partner.bank.ifsc },
  tier: partner.tier,
  status: partner.status,
  staff: partner.staff.map(({ userId, email, addedAt }) => ({ userId, email, addedAt: addedAt.toISOString() })),
  createdAt: partner.createdAt.toISOString(),
});
