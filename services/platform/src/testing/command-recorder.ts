import mongoose, { type Connection, type Schema } from 'mongoose';
import { HOUSEKEEPING_COMMANDS } from '../observability/database-commands';
import { OUTBOX_RELAY_COMMENT } from '../outbox/message-outbox';

/** One database command a service sent, reduced to what a budget and an index check need. */
export interface RecordedCommand {
  name: string;
  collection: string;
  /** The top-level fields of its filter ($and/$or branches flattened); empty for none. */
  filterFields: string[];
  sortFields: string[];
}

export function fieldsOf(filter: unknown): string[] {
  if (!filter || typeof filter !== 'object') return [];
  // the driver passes a sort as a Map, to keep its order
  const entries = filter instanceof Map ? [...filter.entries()] : Object.entries(filter as Record<string, unknown>);
  return (entries as [string, unknown][]).flatMap(([key, value]) =>
    key === '$and' || key === '$or' ? (value as unknown[]).flatMap(fieldsOf) : key.startsWith('$') ? [] : [key],
  );
}

/** An aggregation's filter and sort: its first `$match` and `$sort` stages. */
export function pipelineShape(pipeline: readonly object[]): { filter: unknown; sort: unknown } {
  const stage = (name: string) => pipeline.flatMap((candidate) => Object.entries(candidate)).find(([operator]) => operator === name)?.[1];
  return { filter: stage('$match'), sort: stage('$sort') };
}

/** The filters and sorts inside one command, by its kind. */
function shapesOf(name: string, command: Record<string, unknown>): { filter: unknown; sort: unknown }[] {
  switch (name) {
    case 'find':
      return [{ filter: command.filter, sort: command.sort }];
    case 'count':
    case 'distinct':
      return [{ filter: command.query, sort: undefined }];
    case 'findAndModify':
      return [{ filter: command.query, sort: command.sort }];
    case 'update':
      return (command.updates as { q: unknown }[]).map((update) => ({ filter: update.q, sort: undefined }));
    case 'delete':
      return (command.deletes as { q: unknown }[]).map((deletion) => ({ filter: deletion.q, sort: undefined }));
    case 'aggregate':
      return [pipelineShape(command.pipeline as object[])];
    default:
      return [{ filter: undefined, sort: undefined }];
  }
}

/** The service's connection to the database: the one opened with command events on (connectInfrastructure; a test's own has them off). */
function monitoredConnection(dbName: string): Connection {
  const connection = mongoose.connections.find(
    (candidate: Connection) => candidate.name === dbName && candidate.getClient()?.options.monitorCommands === true,
  );
  if (!connection) throw new Error(`no connection to ${dbName} with monitorCommands=true; is a service composed on that database?`);
  return connection;
}

export interface CommandRecorder {
  /** The commands `work` caused, in order. */
  during(work: () => Promise<unknown>): Promise<RecordedCommand[]>;
  /** The same, as 'find users'-style names, for a budget's assertion. */
  namesDuring(work: () => Promise<unknown>): Promise<string[]>;
  /** Every command seen since the recorder started. */
  all(): RecordedCommand[];
  stop(): void;
}

/**
 * Listens to the commands of a service's database connection (found by its database name), which
 * connectInfrastructure opens with the driver's command events on.
 */
export function recordCommands(dbName: string): CommandRecorder {
  const connection = monitoredConnection(dbName);
  const client = connection.getClient();
  const seen: RecordedCommand[] = [];
  const listener = (event: { commandName: string; command: Record<string, unknown>; databaseName: string }) => {
    if (HOUSEKEEPING_COMMANDS.has(event.commandName) || event.databaseName !== dbName) return;
    // the outbox's hand-over runs beside the requests, not in them
    if (event.command.comment === OUTBOX_RELAY_COMMENT) return;
    const collection = String(event.command[event.commandName]);
    for (const { filter, sort } of shapesOf(event.commandName, event.command)) {
      seen.push({ name: event.commandName, collection, filterFields: fieldsOf(filter), sortFields: fieldsOf(sort) });
    }
  };
  client.on('commandStarted', listener);
  const during = async (work: () => Promise<unknown>) => {
    const from = seen.length;
    await work();
    return seen.slice(from);
  };
  return {
    during,
    namesDuring: async (work) => (await during(work)).map((command) => `${command.name} ${command.collection}`),
    all: () => [...seen],
    stop: () => void client.off('commandStarted', listener),
  };
}

/** An index serves a sort when its fields, after those the filter fixes, begin with the sort's. */
function servesSort(index: string[], filterFields: string[], sortFields: string[]): boolean {
  let start = 0;
  while (start < index.length && filterFields.includes(index[start]!) && index[start] !== sortFields[0]) start++;
  return sortFields.every((field, i) => index[start + i] === field);
}

/** The fields of each index a schema declares, `_id`'s first. */
export const declaredIndexes = (schema: Schema): string[][] => [['_id'], ...schema.indexes().map(([fields]) => Object.keys(fields))];

/**
 * Whether an index can serve a query: its filter names the first field of an index and its sort
 * (if any) is an index's fields after those the filter fixes; or, for a filtered list, an index
 * gives the sort's order from its first field, so the server walks that index and stops at the
 * page's end instead of sorting. A query with neither filter nor sort reads the whole collection.
 */
export function isServed(indexes: string[][], { filterFields, sortFields }: Pick<RecordedCommand, 'filterFields' | 'sortFields'>): boolean {
  if (filterFields.length === 0 && sortFields.length === 0) return false;
  const filtered = filterFields.length === 0 || indexes.some((index) => filterFields.includes(index[0]!));
  const sorted = sortFields.length === 0 || indexes.some((index) => servesSort(index, filterFields, sortFields));
  const walksSortIndex = sortFields.length > 0 && indexes.some((index) => servesSort(index, [], sortFields));
  return (filtered && sorted) || walksSortIndex;
}

/**
 * The commands whose filter or sort no index of the connection's models can serve (isServed).
 * `smallCollections` (a handful of rows by nature, such as the plan catalogue) are left out.
 */
export function unindexedCommands(dbName: string, commands: RecordedCommand[], smallCollections: string[] = []): string[] {
  const connection = monitoredConnection(dbName);
  const indexesOf = new Map<string, string[][]>();
  for (const model of Object.values(connection.models)) indexesOf.set(model.collection.collectionName, declaredIndexes(model.schema));
  const problems = new Set<string>();
  for (const command of commands) {
    // inserts filter nothing; a count without a filter is the size the server keeps (estimatedDocumentCount)
    if (command.name === 'insert' || (command.name === 'count' && command.filterFields.length === 0)) continue;
    if (smallCollections.includes(command.collection)) continue;
    if (!isServed(indexesOf.get(command.collection) ?? [['_id']], command))
      problems.add(`${command.name} ${command.collection} filter [${command.filterFields}] sort [${command.sortFields}]`);
  }
  return [...problems];
}
