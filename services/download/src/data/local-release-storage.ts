import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InstallerTooLarge, type ReleaseStorage } from '../domain/ports';

/** Installers in a directory of this machine (a volume in containers). */
export function localReleaseStorage(directory: string): ReleaseStorage {
  const root = path.resolve(directory);
  const incoming = path.join(root, '.incoming');
  // Keys are our own installer names; the check keeps a bad key from ever leaving the directory.
  const pathOf = (key: string) => {
    const resolved = path.resolve(root, key);
    if (path.dirname(resolved) !== root && path.dirname(resolved) !== incoming) throw new Error(`storage key outside the store: ${key}`);
    return resolved;
  };

  return {
    async receive(content: Readable, maxBytes: number) {
      await mkdir(incoming, { recursive: true });
      const tempKey = path.join('.incoming', randomUUID());
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new InstallerTooLarge(maxBytes));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(content, measure, createWriteStream(pathOf(tempKey)));
      } catch (error) {
        await rm(pathOf(tempKey), { force: true });
        throw error;
      }
      return { tempKey, size, sha256: hash.digest('hex') };
    },
    async commit(tempKey, key) {
      await rename(pathOf(tempKey), pathOf(key));
    },
    async discard(tempKey) {
      await rm(pathOf(tempKey), { force: true });
    },
    localFile: (key) => ({ root, name: path.relative(root, pathOf(key)) }),
  };
}
