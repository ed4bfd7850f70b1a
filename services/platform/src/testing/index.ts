export * from './test-infrastructure';
export * from './test-keys';
export * from './smtp-catcher';
export * from './test-service';
export * from './binary-body';
export * from './command-recorder';
export * from './query-log';
export * from './queued-events';
