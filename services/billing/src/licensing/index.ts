/**
 * Licensing: the desktop app's device activations and its signed offline licence.
 * Other capabilities reach this one through what is exported here, and nothing else (the
 * lint walls in eslint.config.mjs).
 */
export type { ActivationStore } from './domain/ports';
