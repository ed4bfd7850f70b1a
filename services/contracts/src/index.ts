export * from './error';
export * from './tokens';
export * from './plans';
export * from './subscription';
