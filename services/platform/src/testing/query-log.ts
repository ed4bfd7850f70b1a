import fs from 'node:fs';
import path from 'node:path';
import mongoose, { type Aggregate, type Query, type Schema } from 'mongoose';
import { declaredIndexes, fieldsOf, pipelineShape, type RecordedCommand } from './command-recorder';

/** The shape of one query a model sent, with the indexes its schema declares. */
export interface LoggedQuery extends Pick<RecordedCommand, 'collection' | 'filterFields' | 'sortFields'> {
  operation: string;
  indexes: string[][];
  /** The test file that caused it, relative to the repository. */
  testFile: string;
}

const QUERY_OPERATIONS = [
  'countDocuments',
  'deleteMany',
  'deleteOne',
  'distinct',
  'find',
  'findOne',
  'findOneAndDelete',
  'findOneAndReplace',
  'findOneAndUpdate',
  'replaceOne',
  'updateMany',
  'updateOne',
];

/**
 * Records the shape of every query the services' models send while a test file runs, and writes
 * them to `dir` when it ends; the suite's index check (services/platform/suite-checks) reads them
 * all. A global plugin rather than the driver's command events: a test's own reads through
 * `connection.collection()` go past the models and are not the services' queries.
 */
export function logModelQueries(dir: string, testFile: string): { save(): void } {
  const seen = new Map<string, LoggedQuery>();
  const record = (schema: Schema, collection: string, operation: string, filter: unknown, sort: unknown) => {
    const query = {
      collection,
      operation,
      filterFields: fieldsOf(filter),
      sortFields: fieldsOf(sort),
      indexes: declaredIndexes(schema),
      testFile,
    };
    seen.set(JSON.stringify([collection, operation, query.filterFields, query.sortFields]), query);
  };
  mongoose.plugin((schema: Schema) => {
    for (const operation of QUERY_OPERATIONS)
      schema.pre(operation as never, function (this: Query<unknown, unknown>) {
        record(schema, this.model.collection.collectionName, operation, this.getFilter(), this.getOptions().sort);
      });
    schema.pre('aggregate', function (this: Aggregate<unknown>) {
      const { filter, sort } = pipelineShape(this.pipeline());
      record(schema, this.model().collection.collectionName, 'aggregate', filter, sort);
    });
  });
  return {
    save() {
      if (!seen.size) return;
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${testFile.replace(/[^\w.-]+/g, '_')}.json`);
      fs.writeFileSync(file, JSON.stringify([...seen.values()]));
    },
  };
}
