import { z } from 'zod';
import { gstinProblem, gstStateByCode, NEXT_YEAR_OFFERED_FROM } from '@portal/contracts';
import { serviceConfigShape, serviceUrl } from '@portal/platform';
import type { SellerDetails } from '@portal/contracts';
import type { Seller } from './tax-documents/domain/ports';

const ms = (fallback: number) => z.coerce.number().int().min(100).default(fallback);

export const configSchema = z
  .object({
    ...serviceConfigShape({ port: 4002, database: 'portal_billing' }),
    AUTH_URL: serviceUrl.default('http://127.0.0.1:4001'),
    /** Each release channel's minimum version, for the licence check-in. */
    PUBLIC_URL: serviceUrl.default('http://localhost:8080'),
    /** Where the outbox hands over what the portal tells people (notifications delivers it). */
    NOTIFICATIONS_URL: serviceUrl.default('http://127.0.0.1:4006'),
    PHONEPE_CLIENT_ID: z.string().min(1),
    PHONEPE_CLIENT_SECRET: z.string().min(1),
    PHONEPE_CLIENT_VERSION: z.string().default('1'),
    PHONEPE_OAUTH_BASE_URL: serviceUrl,
    PHONEPE_PG_BASE_URL: serviceUrl,
    PHONEPE_WEBHOOK_USERNAME: z.string().regex(/^\w{5,20}$/, 'must be 5–20 letters, digits or _ (PhonePe dashboard rule)'),
    PHONEPE_WEBHOOK_PASSWORD: z.string().min(8, 'must be at least 8 characters'),
    ORDER_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1200),
    BILLING_WORKERS: z.enum(['on', 'off']).default('on'),
    EXPIRY_SWEEP_EVERY_MS: ms(60_000),
    REMINDERS_EVERY_MS: ms(15 * 60_000),
    RECONCILE_EVERY_MS: ms(2 * 60_000),
    RECONCILE_AFTER_MS: ms(3 * 60_000),
    RENEWALS_EVERY_MS: ms(5 * 60_000),
    /** How often every firm's seats are published again, so auth's read model recovers a lost event. */
    FIRM_REPLAY_EVERY_MS: ms(15 * 60_000),
    /** The browser tests' clock (platform testClock); refused outside NODE_ENV=test. */
    TEST_CLOCK_FILE: z.string().min(1).optional(),
    ...sellerShape(),
    ...licenseShape(),
  })
  .superRefine((config, context) => {
    const prefixes = ['INVOICE_PREFIX', 'CREDIT_NOTE_PREFIX', 'FINANCIAL_CREDIT_NOTE_PREFIX', 'PROFORMA_PREFIX'] as const;
    for (const [index, key] of prefixes.entries()) {
      const taken = prefixes.slice(0, index).find((earlier) => config[earlier] === config[key]);
      if (taken) context.addIssue({ code: 'custom', path: [key], message: `must differ from ${taken}: each document has its own series` });
    }
    if (config.TEST_CLOCK_FILE && config.NODE_ENV !== 'test') {
      context.addIssue({ code: 'custom', path: ['TEST_CLOCK_FILE'], message: 'only for tests: set NODE_ENV=test or remove it' });
    }
    if (config.NODE_ENV !== 'production') return;
    if (!config.LICENSE_SIGNING_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['LICENSE_SIGNING_KEY'],
        message: 'required in production: desktop licences must verify after a restart and on every replica',
      });
    }
    for (const key of SELLER_KEYS) {
      if (!config[key]) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: 'required in production: tax invoices cannot be issued with the demo seller',
        });
      }
    }
    for (const key of CONTACT_KEYS) {
      if (!config[key]) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: 'required in production: the contact and privacy pages name the seller and the grievance officer',
        });
      }
    }
  });
export type Config = z.infer<typeof configSchema>;

/**
 * The seller printed on every tax invoice and credit note (CGST Rule 46). The rate and the SAC are
 * settings because they are the seller's chartered accountant's call, not ours.
 */
function sellerShape() {
  const documentPrefix = (fallback: string) =>
    z
      .string()
      .regex(/^[A-Z0-9]{1,4}$/, 'must be 1–4 capital letters or digits (a document number has at most 16 characters)')
      .default(fallback);
  return {
    SELLER_LEGAL_NAME: z.string().trim().min(1).max(200).optional(),
    SELLER_ADDRESS: z.string().trim().min(1).max(300).optional(),
    SELLER_GSTIN: z
      .string()
      .trim()
      .toUpperCase()
      .refine((gstin) => !gstinProblem(gstin), { error: (issue) => gstinProblem(String(issue.input)) ?? 'invalid GSTIN' })
      .optional(),
    SELLER_EMAIL: z.email('must be an e-mail address').optional(),
    SELLER_PHONE: z
      .string()
      .trim()
      .regex(/^\+?[\d ()-]{8,20}$/, 'must be a phone number')
      .optional(),
    GRIEVANCE_OFFICER_NAME: z.string().trim().min(1).max(200).optional(),
    GRIEVANCE_OFFICER_EMAIL: z.email('must be an e-mail address').optional(),
    GST_SAC: z
      .string()
      .regex(/^\d{6}$/, 'must be a 6-digit SAC')
      .default('997331'),
    GST_RATE_PERCENT: z.coerce.number().min(0).max(28).default(18),
    INVOICE_PREFIX: documentPrefix('TP'),
    CREDIT_NOTE_PREFIX: documentPrefix('TPCN'),
    FINANCIAL_CREDIT_NOTE_PREFIX: documentPrefix('TPFC'),
    PROFORMA_PREFIX: documentPrefix('PF'),
    /** The account pro-formas ask a bank transfer into; without all four, a pro-forma is not offered. */
    SELLER_BANK_ACCOUNT_NAME: z.string().trim().min(1).max(120).optional(),
    SELLER_BANK_NAME: z.string().trim().min(1).max(120).optional(),
    SELLER_BANK_ACCOUNT_NUMBER: z
      .string()
      .trim()
      .regex(/^\d{9,18}$/, 'must be 9 to 18 digits')
      .optional(),
    SELLER_BANK_IFSC: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'must be an IFSC: 4 letters, a zero and 6 letters or digits')
      .optional(),
    PROFORMA_VALIDITY_DAYS: z.coerce.number().int().min(1).max(90).default(15),
    /** TDS a business buyer deducts under section 194J: the seller's CA confirms both (docs/decisions/0058). */
    TDS_RATE_PERCENT: z.coerce.number().min(0.1).max(30).default(10),
    TDS_THRESHOLD_RUPEES: z.coerce.number().int().min(0).default(50_000),
    /** From this day of the year (MM-DD, India's) to 31 March, the next tax year is sold with the rest of this one. */
    NEXT_TAX_YEAR_ON_SALE_FROM: z
      .string()
      .regex(/^(01|02|03)-(0[1-9]|[12]\d|3[01])$/, 'must be a day from 01-01 to 03-31, as MM-DD')
      .default(NEXT_YEAR_OFFERED_FROM),
    /** What a referred customer's first paid invoice earns the referrer, off their next payment before GST. */
    REFERRAL_CREDIT_RUPEES: z.coerce.number().int().min(1).max(1_00_000).default(500),
  };
}
const SELLER_KEYS = ['SELLER_LEGAL_NAME', 'SELLER_ADDRESS', 'SELLER_GSTIN'] as const;
/** What the public pages add to the invoice's seller: how to reach them, and the DPDP Act's grievance officer. */
const CONTACT_KEYS = ['SELLER_EMAIL', 'SELLER_PHONE', 'GRIEVANCE_OFFICER_NAME', 'GRIEVANCE_OFFICER_EMAIL'] as const;

/** Clearly fake, so that an invoice issued with them says so; production refuses to start without the real ones. */
const DEMO_SELLER = {
  legalName: 'Demo Tax Software Private Limited',
  address: '12 Demo Road, Bengaluru, Karnataka 560001',
  gstin: '29AABCD1234E1Z4',
  email: 'support@demo-seller.invalid',
  phone: '+91 80 0000 0000',
  grievanceOfficer: { name: 'Demo Grievance Officer', email: 'grievance@demo-seller.invalid' },
};

/**
 * The seller as the public pages show them. Any setting missing shows the whole demo seller, so
 * that a page never mixes a real name with placeholder contacts.
 */
export function sellerDetailsOf(config: Config): SellerDetails {
  if ([...SELLER_KEYS, ...CONTACT_KEYS].some((key) => !config[key])) return { ...DEMO_SELLER, demo: true };
  return {
    legalName: config.SELLER_LEGAL_NAME!,
    address: config.SELLER_ADDRESS!,
    gstin: config.SELLER_GSTIN!,
    email: config.SELLER_EMAIL!,
    phone: config.SELLER_PHONE!,
    grievanceOfficer: { name: config.GRIEVANCE_OFFICER_NAME!, email: config.GRIEVANCE_OFFICER_EMAIL! },
    demo: false,
  };
}

export function sellerOf(config: Config): Seller {
  const demo = SELLER_KEYS.some((key) => !config[key]);
  const legalName = demo ? DEMO_SELLER.legalName : config.SELLER_LEGAL_NAME!;
  const address = demo ? DEMO_SELLER.address : config.SELLER_ADDRESS!;
  const gstin = demo ? DEMO_SELLER.gstin : config.SELLER_GSTIN!;
  const state = gstStateByCode(gstin.slice(0, 2))!;
  return {
    legalName,
    address,
    gstin,
    stateCode: state.code,
    stateName: state.name,
    sac: config.GST_SAC,
    ratePercent: config.GST_RATE_PERCENT,
    invoicePrefix: config.INVOICE_PREFIX,
    creditNotePrefix: config.CREDIT_NOTE_PREFIX,
    financialCreditNotePrefix: config.FINANCIAL_CREDIT_NOTE_PREFIX,
    proformaPrefix: config.PROFORMA_PREFIX,
    bank: demo ? DEMO_BANK : bankOf(config),
    demo,
  };
}

/** The demo seller's account, as clearly fake as the seller. */
const DEMO_BANK = { accountName: DEMO_SELLER.legalName, bankName: 'Demo Bank', accountNumber: '000000000000', ifsc: 'DEMO0000000' };

function bankOf(config: Config): Seller['bank'] {
  const { SELLER_BANK_ACCOUNT_NAME: accountName, SELLER_BANK_NAME: bankName } = config;
  const { SELLER_BANK_ACCOUNT_NUMBER: accountNumber, SELLER_BANK_IFSC: ifsc } = config;
  return accountName && bankName && accountNumber && ifsc ? { accountName, bankName, accountNumber, ifsc } : null;
}

/** The Ed25519 key that signs desktop licences, and the retired public keys that still verify. */
function licenseShape() {
  const pem = (kind: 'PRIVATE' | 'PUBLIC') =>
    z
      .string()
      .transform((value) => value.replace(/\\n/g, '\n'))
      .refine((value) => value.includes(`-----BEGIN ${kind} KEY-----`), `must be a PEM-encoded ${kind.toLowerCase()} key`);
  return {
    LICENSE_SIGNING_KEY: pem('PRIVATE').optional(),
    /** Public keys of earlier signing keys, one PEM after another: their licences keep verifying until they are removed. */
    LICENSE_RETIRED_PUBLIC_KEYS: pem('PUBLIC').optional(),
    LICENSE_GRACE_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  };
}
