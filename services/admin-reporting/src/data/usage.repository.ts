import { Schema, type Connection } from 'mongoose';
import type { UsageStore } from '../domain/ports';

interface UsageDocument {
  userId: string;
  action: string;
  details: Record<string, unknown>;
  at: Date;
}

const usageSchema = new Schema<UsageDocument>(
  {
    userId: { type: String, index: true },
    action: String,
    details: { type: Schema.Types.Mixed, default: {} },
    at: { type: Date, index: true },
  },
  { versionKey: false, minimize: false },
);

export function usageRepository(connection: Connection): UsageStore & { ready: Promise<unknown> } {
  const Usage = connection.model<UsageDocument>('Usage', usageSchema, 'usage_events');
  return {
    ready: Usage.init(),
    async add(event) {
      await Usage.create(event);
    },
  };
}
