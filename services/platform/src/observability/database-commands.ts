import type { Connection } from 'mongoose';
import { Counter } from 'prom-client';

/** The driver's own housekeeping, not the service's queries. */
export const HOUSEKEEPING_COMMANDS: ReadonlySet<string> = new Set([
  'hello',
  'ismaster',
  'isMaster',
  'ping',
  'endSessions',
  'killCursors',
  'buildInfo',
  'listIndexes',
  'createIndexes',
  'saslStart',
  'saslContinue',
]);

/**
 * Every query the service sends, on its /metrics: how many database commands a call costs is read
 * from two samples around it (the load run's budgets), and an operator sees which
 * collection a service leans on. One counter for the process; each service's registry shows it.
 */
export const databaseCommands = new Counter({
  name: 'db_commands_total',
  help: 'Database commands sent, by command and collection (housekeeping left out)',
  labelNames: ['command', 'collection'] as const,
  registers: [],
});

/** Counts the commands of a connection opened with `monitorCommands` (connectMongo does so for a service). */
export function countDatabaseCommands(connection: Connection): void {
  connection.getClient().on('commandStarted', (event) => {
    if (HOUSEKEEPING_COMMANDS.has(event.commandName)) return;
    databaseCommands.inc({ command: event.commandName, collection: String(event.command[event.commandName]) });
  });
}
