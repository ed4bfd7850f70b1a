/** The phones capability's face to the composition root: a person's number, its codes, and their WhatsApp and SMS consent. */
export { wirePhones } from './wiring';
