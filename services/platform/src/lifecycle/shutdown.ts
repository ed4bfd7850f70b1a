import type { Logger } from 'pino';

type Closer = () => Promise<unknown> | unknown;

/** Closes what was opened, in reverse order, once; a hung close cannot block the exit forever. */
export class Shutdown {
  private readonly closers: { name: string; close: Closer }[] = [];
  private running: Promise<void> | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly graceMs = 10_000,
  ) {}

  add(name: string, close: Closer): void {
    this.closers.push({ name, close });
  }

  run(): Promise<void> {
    this.running ??= this.closeAll();
    return this.running;
  }

  private async closeAll(): Promise<void> {
    const deadline = setTimeout(() => {
      this.logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, this.graceMs);
    deadline.unref();
    for (const { name, close } of [...this.closers].reverse()) {
      try {
        await close();
      } catch (error) {
        this.logger.warn({ err: error, resource: name }, 'error while closing');
      }
    }
    clearTimeout(deadline);
  }
}
