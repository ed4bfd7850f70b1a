export interface DisposableFerretDB {
  uri: string;
  /** Kills it at once, as a crash or a pulled plug would. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data. */
  restart(): Promise<void>;
  /** Kills it and deletes its data. */
  remove(): Promise<void>;
}
export function startDisposableFerretDB(): Promise<DisposableFerretDB>;
