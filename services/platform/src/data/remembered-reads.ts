import { randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';

// A generation that Redis lost (a restart without its data) comes back seeded anew: the clock's
// milliseconds and six random digits, so no remembered read of an older one matches it.
const SEED =
  "local v = redis.call('get', KEYS[1]) if v then return v end redis.call('set', KEYS[1], ARGV[1], 'EX', ARGV[2]) return ARGV[1]";
const ADVANCE =
  "redis.call('set', KEYS[1], ARGV[1], 'NX') local v = redis.call('incr', KEYS[1]) redis.call('expire', KEYS[1], ARGV[2]) return tostring(v)";

const DEFAULT_GENERATION_TTL_SECONDS = 86_400;
const seed = () => `${Date.now()}${String(randomInt(1_000_000)).padStart(6, '0')}`;

/**
 * After a change is written: every read remembered under this generation, in any process, is
 * stale (rememberedReads). Never throws: the change is made, and should Redis be away, remembered
 * reads are made again within their longest life.
 */
export async function advanceGeneration(redis: Redis, generationKey: string, ttlSeconds = DEFAULT_GENERATION_TTL_SECONDS): Promise<void> {
  await redis.eval(ADVANCE, 1, generationKey, seed(), ttlSeconds).catch(() => undefined);
}

export interface RememberedReadsOptions {
  /** Entries kept at most; the oldest goes first. */
  limit?: number;
  /** A read is made again after this long whatever its generation: the bound on staleness should a change fail to advance it. */
  maxAgeMs?: number;
  /** How long a generation nobody advances stays in Redis (one seeded anew is ahead of it). */
  generationTtlSeconds?: number;
}

/**
 * Reads a process keeps between calls, for data read on every call and changed rarely,
 * in one place: each read is remembered under the generation of what it read, a counter in Redis
 * that each change advances after writing, so every replica sees a change at its next call. The
 * generation is read before the data: a change landing in between leaves the read under the older
 * generation, made again next time. Without Redis the data is read each time.
 */
export function rememberedReads<T>(
  redis: Redis,
  { limit = 10_000, maxAgeMs = 60_000, generationTtlSeconds = DEFAULT_GENERATION_TTL_SECONDS }: RememberedReadsOptions = {},
) {
  const entries = new Map<string, { generation: string; at: number; value: T }>();
  return {
    async read(generationKey: string, entryKey: string, load: () => Promise<T>): Promise<T> {
      let generation: string;
      try {
        // a plain GET in the common case; the script only when the generation must be seeded
        generation = (await redis.get(generationKey)) ?? String(await redis.eval(SEED, 1, generationKey, seed(), generationTtlSeconds));
      } catch {
        return load();
      }
      const known = entries.get(entryKey);
      if (known && known.generation === generation && Date.now() - known.at < maxAgeMs) return known.value;
      const value = await load();
      entries.delete(entryKey);
      if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
      entries.set(entryKey, { generation, at: Date.now(), value });
      return value;
    },
    /** After a change is written (advanceGeneration). */
    changed: (generationKey: string) => advanceGeneration(redis, generationKey, generationTtlSeconds),
  };
}

/**
 * Remembered reads kept per owner (an account, a person): each owner's reads under its own
 * generation, which a write of that owner's records advances after writing; a write that found no
 * owner (the record of a deleted account) advances none.
 */
export function rememberedPerOwner<T>(redis: Redis, generationKeyOf: (owner: string) => string, options?: RememberedReadsOptions) {
  const reads = rememberedReads<T>(redis, options);
  return {
    read: (owner: string, entryKey: string, load: () => Promise<T>) => reads.read(generationKeyOf(owner), entryKey, load),
    async changed(owner: string | null | undefined): Promise<void> {
      if (owner) await reads.changed(generationKeyOf(owner));
    },
  };
}
