export * from './test-infrastructure';
export * from './test-keys';
