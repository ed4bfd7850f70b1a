import { createReadStream, existsSync } from 'node:fs';
import { connectMongo, loadConfig } from '@portal/platform';
import { versionSchema } from '@portal/contracts';
import { z } from 'zod';
import { releaseCatalogue } from '../compose';

// `npm run release:publish -- <file> <version> [notes]`: publishes an installer from a shell,
// through the same rules as POST /api/admin/releases.
const cliConfig = z.object({
  MONGODB_URI: z.string().default('mongodb://127.0.0.1:27017'),
  MONGODB_DB: z.string().default('portal_download'),
  RELEASES_DIR: z.string().default('.data/releases'),
  MAX_INSTALLER_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(1024 * 1024 * 1024),
});

async function main(): Promise<void> {
  const [file, rawVersion, ...notes] = process.argv.slice(2);
  if (!file || !rawVersion) throw new Error('usage: npm run release:publish -- <installer.exe> <version> [notes]');
  if (!existsSync(file)) throw new Error(`no such file: ${file}`);
  const version = versionSchema.parse(rawVersion);
  const config = loadConfig(cliConfig);
  const mongo = await connectMongo({ uri: config.MONGODB_URI, dbName: config.MONGODB_DB });
  try {
    // The shell has no queue to the audit log; its publications are printed instead.
    const { releases } = await releaseCatalogue({
      mongo,
      settings: config,
      audit: async (event) => console.log(`audit: ${event.action} ${event.target.id} by ${event.actor}`),
    });
    const stored = await releases.receive(createReadStream(file));
    const release = await releases.publish({ version, notes: notes.join(' '), file: stored, publishedBy: 'cli' });
    console.log(`Published ${release.version}: ${release.fileSize} bytes, sha256 ${release.sha256}`);
  } finally {
    await mongo.close();
  }
}

main().catch((error: Error) => {
  console.error(error instanceof z.ZodError ? (error.issues[0]?.message ?? error.message) : error.message);
  process.exit(1);
});
