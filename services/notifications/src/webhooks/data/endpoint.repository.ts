import { Schema, type Connection } from 'mongoose';
import { WEBHOOK_EVENT_TYPES } from '@portal/contracts';
import type { EndpointOwner, EndpointRecord, EndpointStore } from '../domain/ports';

interface EndpointDocument extends Omit<EndpointRecord, 'id'> {
  _id: string;
}

const endpointSchema = new Schema<EndpointDocument>(
  {
    _id: { type: String, required: true },
    owner: { type: String, required: true },
    ownerEmail: { type: String, required: true },
    url: { type: String, required: true },
    events: { type: [{ type: String, enum: WEBHOOK_EVENT_TYPES }], required: true },
    description: { type: String, default: '' },
    disabled: { type: new Schema({ at: Date, reason: String }, { _id: false }), default: null },
    secret: { type: String, required: true },
    previousSecret: { type: new Schema({ secret: String, until: Date }, { _id: false }), default: null },
    failingSince: { type: Date, default: null },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// an owner's endpoints; and those an event goes to, by its owner and type
endpointSchema.index({ owner: 1, createdAt: 1 });
endpointSchema.index({ owner: 1, events: 1 });

const toRecord = ({ _id, ...doc }: EndpointDocument): EndpointRecord => ({ id: _id, ...doc });

export function endpointRepository(connection: Connection): EndpointStore {
  const Endpoint = connection.model<EndpointDocument>('WebhookEndpoint', endpointSchema, 'webhook_endpoints');
  const found = (doc: EndpointDocument | null) => (doc ? toRecord(doc) : null);
  return {
    ready: Endpoint.init(),
    async add({ id, ...endpoint }) {
      await Endpoint.create({ _id: id, ...endpoint });
    },
    count: (owner) => Endpoint.countDocuments({ owner: { $eq: owner } }),
    list: async (owner) =>
      (
        await Endpoint.find({ owner: { $eq: owner } })
          .sort({ createdAt: 1 })
          .lean()
      ).map(toRecord),
    get: async (owner, id) => found(await Endpoint.findOne({ _id: { $eq: id }, owner: { $eq: owner } }).lean()),
    byId: async (id) => found(await Endpoint.findById(id).lean()),
    async taking(type, userId) {
      const owners: EndpointOwner[] = userId ? ['vendor', `user:${userId}`] : ['vendor'];
      return (await Endpoint.find({ owner: { $in: owners }, events: { $eq: type }, disabled: null }).lean()).map(toRecord);
    },
    update: async (id, change) =>
      found(await Endpoint.findOneAndUpdate({ _id: { $eq: id } }, { $set: change }, { returnDocument: 'after' }).lean()),
    async failed(id, at) {
      await Endpoint.updateOne({ _id: { $eq: id }, failingSince: null }, { $set: { failingSince: at } });
      return found(await Endpoint.findById(id).lean());
    },
    remove: async (owner, id) => (await Endpoint.deleteOne({ _id: { $eq: id }, owner: { $eq: owner } })).deletedCount === 1,
    async removeOwner(owner) {
      const ids = (await Endpoint.find({ owner: { $eq: owner } }, { _id: 1 }).lean()).map((doc) => doc._id);
      await Endpoint.deleteMany({ owner: { $eq: owner } });
      return ids;
    },
  };
}
