/** The phones capability's face to the composition root: a person's number, its code, and their WhatsApp and SMS consent. */
export { phoneRepository } from './data/phone.repository';
export { phoneCodes } from './domain/phone-code';
export { phoneSignInUseCases } from './domain/phone-sign-in.use-cases';
export { phonesUseCases } from './domain/phones.use-cases';
export { smsLinks } from './domain/sms-link';
export { phonesInternalRoutes } from './routes/internal.routes';
export { phoneRoutes } from './routes/phone.routes';
export { phoneSignInRoutes } from './routes/sign-in.routes';
export { smsPageRoutes } from './routes/sms-page.routes';
