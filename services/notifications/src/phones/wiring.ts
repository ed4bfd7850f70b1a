import type { Router } from 'express';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { PHONE_CODE_RULES, PHONE_MESSAGES, type PhoneChannel } from '@portal/contracts';
import { createAttemptLimit, type TokenVerifier } from '@portal/platform';
import { phoneRepository } from './data/phone.repository';
import { phoneCodes } from './domain/phone-code';
import { phoneSignInUseCases } from './domain/phone-sign-in.use-cases';
import { phonesUseCases } from './domain/phones.use-cases';
import type { CodeSender } from './domain/ports';
import { smsLinks } from './domain/sms-link';
import { phonesInternalRoutes } from './routes/internal.routes';
import { phoneRoutes } from './routes/phone.routes';
import { phoneSignInRoutes } from './routes/sign-in.routes';
import { smsPageRoutes } from './routes/sms-page.routes';

export interface PhonesWiring {
  mongo: Connection;
  redis: Redis;
  settings: { REDIS_PREFIX: string; SERVICE_SECRET: string; PUBLIC_URL: string };
  verifyToken: TokenVerifier;
  /** The channels a provider is configured for. */
  offered: readonly PhoneChannel[];
  /** Delivery's SMS, by which the codes go. */
  sendCode: CodeSender;
  now: () => Date;
}

/** The phones capability wires itself: the numbers, their codes and limits, the consent, and its routes. */
export async function wirePhones({ mongo, redis, settings, verifyToken, offered, sendCode, now }: PhonesWiring) {
  const store = phoneRepository(mongo);
  await store.ready;
  const limit = (name: string, perHour: number) =>
    createAttemptLimit(redis, `${settings.REDIS_PREFIX}phone-codes:${name}`, perHour, 3600, PHONE_MESSAGES.tooManyCodes);
  const perNumber = limit('number', PHONE_CODE_RULES.perNumberPerHour);
  const perPerson = limit('person', PHONE_CODE_RULES.perPersonPerHour);
  const codeDeps = {
    store,
    codes: phoneCodes(settings.SERVICE_SECRET),
    sendCode,
    limitCodes: async (mobile: string, userId?: string) => {
      await perNumber(mobile);
      if (userId) await perPerson(userId);
    },
    now,
  };
  const phones = phonesUseCases({ ...codeDeps, links: smsLinks(settings.SERVICE_SECRET, settings.PUBLIC_URL), offered });
  const signIn = phoneSignInUseCases(codeDeps);
  return {
    phones,
    routes(router: Router) {
      router.use(phoneRoutes(phones, verifyToken));
      router.use(phonesInternalRoutes(phones, settings.SERVICE_SECRET));
      router.use(phoneSignInRoutes(signIn, settings.SERVICE_SECRET));
      router.use(smsPageRoutes(phones, settings.PUBLIC_URL));
    },
  };
}
