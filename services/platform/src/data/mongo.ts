import mongoose, { type Connection } from 'mongoose';
import type { ReadinessCheck } from '../observability/readiness';

export interface MongoOptions {
  uri: string;
  dbName: string;
  serverSelectionTimeoutMS?: number;
  /** The driver's command events, for countDatabaseCommands (a service's connection has them). */
  monitorCommands?: boolean;
}

/** A connection to the service's own database; each service owns exactly one. */
export async function connectMongo({
  uri,
  dbName,
  serverSelectionTimeoutMS = 5000,
  monitorCommands = false,
}: MongoOptions): Promise<Connection> {
  const connection = mongoose.createConnection(uri, { dbName, serverSelectionTimeoutMS, maxPoolSize: 20, monitorCommands });
  await connection.asPromise();
  return connection;
}

export function mongoReadiness(connection: Connection): ReadinessCheck {
  return {
    name: 'mongodb',
    check: async () => {
      if (connection.readyState !== mongoose.ConnectionStates.connected || !connection.db) throw new Error('not connected');
      await connection.db.admin().ping();
    },
  };
}
