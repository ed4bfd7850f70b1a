/** The clock a use case reads: the one its dependencies inject (tests, the browser tests' file), else the system's. */
export const clockFrom = ({ now }: { now?: () => Date }): (() => Date) => now ?? (() => new Date());
