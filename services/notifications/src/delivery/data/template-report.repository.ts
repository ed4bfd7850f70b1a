import { Schema, type Connection } from 'mongoose';
import type { TemplateReport, TemplateReports } from '../domain/ports';

interface TemplateDocument extends TemplateReport {
  /** The template's name. */
  _id: string;
}

const templateSchema = new Schema<TemplateDocument>(
  {
    _id: { type: String, required: true },
    category: { type: String, default: null },
    status: { type: String, default: null },
    reportedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

/** What Meta last reported of each WhatsApp template: its category and its review status. */
export function templateReportRepository(connection: Connection): TemplateReports & { ready: Promise<unknown> } {
  const Template = connection.model<TemplateDocument>('WhatsAppTemplate', templateSchema, 'whatsapp_templates');
  return {
    ready: Template.init(),
    async get(name) {
      const doc = await Template.findOne({ _id: { $eq: name } }).lean<TemplateDocument>();
      return doc ? { category: doc.category, status: doc.status, reportedAt: doc.reportedAt } : null;
    },
    async record(name, report) {
      await Template.updateOne({ _id: { $eq: name } }, { $set: report }, { upsert: true });
    },
  };
}
