export { wireCommission } from './wiring';
