import { Schema, type Connection } from 'mongoose';
import { WEBHOOK_DELIVERY_STATES } from '@portal/contracts';
import { isDuplicateKeyError } from '@portal/platform';
import type { DeliveryRecord, DeliveryStore } from '../domain/ports';

interface DeliveryDocument extends Omit<DeliveryRecord, 'id'> {
  _id: string;
}

const deliverySchema = new Schema<DeliveryDocument>(
  {
    _id: { type: String, required: true },
    webhookId: { type: String, required: true },
    endpointId: { type: String, required: true },
    type: { type: String, required: true },
    body: { type: String, required: true },
    state: { type: String, enum: WEBHOOK_DELIVERY_STATES, required: true },
    attempts: { type: Number, required: true },
    lastStatus: { type: Number, default: null },
    lastError: { type: String, default: null },
    createdAt: { type: Date, required: true },
    deliveredAt: { type: Date, default: null },
    nextAttemptAt: { type: Date, default: null },
  },
  { versionKey: false },
);
// an endpoint's delivery log, newest first
deliverySchema.index({ endpointId: 1, createdAt: -1 });
// what waits, by when it is due (the sweep of lost jobs)
deliverySchema.index({ state: 1, nextAttemptAt: 1 });

const toRecord = ({ _id, ...doc }: DeliveryDocument): DeliveryRecord => ({ id: _id, ...doc });

export function webhookDeliveryRepository(connection: Connection): DeliveryStore {
  const Delivery = connection.model<DeliveryDocument>('WebhookDelivery', deliverySchema, 'webhook_deliveries');
  return {
    ready: Delivery.init(),
    async add({ id, ...delivery }) {
      try {
        await Delivery.create({ _id: id, ...delivery });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
    async get(id) {
      const doc = await Delivery.findById(id).lean();
      return doc ? toRecord(doc) : null;
    },
    async update(id, change) {
      await Delivery.updateOne({ _id: { $eq: id } }, { $set: change });
    },
    ofEndpoint: async (endpointId, limit) =>
      (
        await Delivery.find({ endpointId: { $eq: endpointId } })
          .sort({ createdAt: -1 })
          .limit(limit)
          .lean()
      ).map(toRecord),
    overdue: async (before, limit) =>
      (
        await Delivery.find({ state: 'pending', nextAttemptAt: { $lt: before } }, { _id: 1 })
          .limit(limit)
          .lean()
      ).map((doc) => doc._id),
    async removeEndpoints(endpointIds) {
      if (endpointIds.length) await Delivery.deleteMany({ endpointId: { $in: endpointIds } });
    },
  };
}
