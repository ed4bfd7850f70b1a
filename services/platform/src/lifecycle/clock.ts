/** The system's clock, where no test injects one. */
export const systemClock = (): Date => new Date();

/** The clock a use case reads: the one its dependencies inject (tests, the browser tests' file), else the system's. */
export const clockFrom = ({ now }: { now?: (() => Date) | undefined }): (() => Date) => now ?? systemClock;
