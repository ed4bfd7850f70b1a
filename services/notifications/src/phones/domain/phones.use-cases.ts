import {
  PHONE_CHANNELS,
  PHONE_CONSENT_TEXTS,
  PHONE_MESSAGES,
  type PhoneChannel,
  type PhoneChannelsAnswer,
  type PhoneConsentSource,
} from '@portal/contracts';
import type { PhoneRecord } from '@portal/contracts/internal';
import { badRequest, conflict } from '@portal/platform/errors';
import { checkCode, issueCode } from './codes';
import type { PhoneCodes } from './phone-code';
import type { ChannelConsent, CodeLimit, CodeSender, ConsentChange, PhoneRecord as StoredPhone, PhoneStore } from './ports';
import type { SmsLinks } from './sms-link';

export interface PhonesDeps {
  store: PhoneStore;
  codes: PhoneCodes;
  sendCode: CodeSender;
  links: SmsLinks;
  limitCodes: CodeLimit;
  /** The channels this portal has a provider for; the others are never offered. */
  offered: readonly PhoneChannel[];
  now?: () => Date;
}

const answer = (record: StoredPhone, offered: readonly PhoneChannel[]): PhoneChannelsAnswer => ({
  mobile: record.mobile,
  verified: record.verifiedAt !== null,
  channels: Object.fromEntries(
    PHONE_CHANNELS.map((channel) => [
      channel,
      { on: offered.includes(channel) && record.channels[channel].on, since: record.channels[channel].since?.toISOString() ?? null },
    ]),
  ) as PhoneChannelsAnswer['channels'],
  offered: [...offered],
});

/**
 * A person's phone: the number, proved by a code sent to it, and WhatsApp and SMS chosen each on
 * its own with the text shown recorded; withdrawn from the profile, by a STOP reply or by the link
 * in an SMS, each kept like a consent.
 */
export function phonesUseCases({ store, codes, sendCode, links, limitCodes, offered, now = () => new Date() }: PhonesDeps) {
  const codeDeps = { store, codes, sendCode, now };
  async function change(record: StoredPhone, choice: Partial<Record<PhoneChannel, boolean>>, via: PhoneConsentSource) {
    const at = now();
    const changes: ConsentChange[] = [];
    const channels = { ...record.channels };
    for (const channel of PHONE_CHANNELS) {
      const on = choice[channel];
      if (on === undefined || on === record.channels[channel].on) continue;
      const { version, text } = PHONE_CONSENT_TEXTS[channel];
      channels[channel] = { on, version: on ? version : null, since: at } satisfies ChannelConsent;
      changes.push({ channel, on, version, text, at, via, mobile: record.mobile ?? '' });
    }
    if (changes.length) await store.saveChannels(record.userId, channels, changes);
    return { ...record, channels };
  }

  return {
    mine: async (userId: string) => answer(await store.get(userId), offered),

    /** Sends a code to the number the person typed; their verified number stays until the code proves the new one. */
    async requestCode(userId: string, mobile: string): Promise<{ message: string }> {
      if (!offered.length) throw badRequest(PHONE_MESSAGES.channelNotOffered);
      await limitCodes(mobile, userId);
      const owner = await store.byMobile(mobile);
      if (owner && owner.userId !== userId) throw conflict(PHONE_MESSAGES.numberInUse);
      await issueCode(codeDeps, userId, 'verify', mobile);
      return { message: PHONE_MESSAGES.codeSent };
    },

    /** The code typed: the number verified, or why not (a fourth try of one code is refused as expired). */
    async verifyCode(userId: string, code: string): Promise<PhoneChannelsAnswer> {
      const pending = await checkCode(codeDeps, await store.get(userId), 'verify', code);
      const owner = await store.byMobile(pending.mobile);
      // two accounts proving one number at once: the unique index lets one through
      if ((owner && owner.userId !== userId) || !(await store.verify(userId, pending.mobile, now())))
        throw conflict(PHONE_MESSAGES.numberInUse);
      return { ...answer(await store.get(userId), offered), message: PHONE_MESSAGES.numberVerified };
    },

    async choose(userId: string, choice: Partial<Record<PhoneChannel, boolean>>): Promise<PhoneChannelsAnswer> {
      const record = await store.get(userId);
      if (!record.verifiedAt && Object.values(choice).some(Boolean)) throw badRequest(PHONE_MESSAGES.verifyFirst);
      if (PHONE_CHANNELS.some((channel) => choice[channel] && !offered.includes(channel)))
        throw badRequest(PHONE_MESSAGES.channelNotOffered);
      return { ...answer(await change(record, choice, 'profile'), offered), message: PHONE_MESSAGES.channelsSaved };
    },

    /** A STOP (or STOP ALL, UNSUBSCRIBE) replied on WhatsApp from a verified number. */
    async withdrawByReply(mobile: string): Promise<boolean> {
      const record = await store.byMobile(mobile);
      if (!record?.channels.whatsapp.on) return false;
      await change(record, { whatsapp: false }, 'whatsapp-reply');
      return true;
    },

    /** Whose SMS page a link opens; null for a link this portal did not sign. */
    smsLinkPerson: (token: string) => links.read(token),
    async stopSms(token: string): Promise<boolean> {
      const userId = links.read(token);
      if (!userId) return false;
      await change(await store.get(userId), { sms: false }, 'sms-link');
      return true;
    },
    smsPageUrl: links.url,

    /** Where a message for the person goes besides e-mail now: each channel chosen, to the verified number. */
    async channelsOf(userId: string): Promise<{ channel: PhoneChannel; to: string }[]> {
      const record = await store.get(userId);
      if (!record.mobile || !record.verifiedAt) return [];
      return PHONE_CHANNELS.filter((channel) => offered.includes(channel) && record.channels[channel].on).map((channel) => ({
        channel,
        to: record.mobile!,
      }));
    },

    /** The number and every change of consent, for the person's own copy of their data. */
    async record(userId: string): Promise<PhoneRecord> {
      const { mobile, verifiedAt, channels, changes } = await store.get(userId);
      return {
        mobile,
        verifiedAt: verifiedAt?.toISOString() ?? null,
        channels: { whatsapp: channels.whatsapp.on, sms: channels.sms.on },
        changes: changes.map((change) => ({ ...change, at: change.at.toISOString() })),
      };
    },

    deleteUser: (userId: string) => store.deleteForUser(userId),
  };
}
