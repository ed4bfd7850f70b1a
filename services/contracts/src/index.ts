export * from './error';
export * from './tokens';
export * from './plans';
export * from './subscription';
export * from './validation-messages';
export * from './user';
export * from './billing';
