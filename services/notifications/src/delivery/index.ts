/** The delivery capability's face to the composition root. */
export { messageRepository } from './data/message.repository';
export { templateReportRepository } from './data/template-report.repository';
export { deliveryUseCases } from './domain/delivery.use-cases';
export { deliveryMetrics } from './jobs/delivery-metrics';
export { deliveryQueue, deliveryWorker } from './jobs/delivery-queue';
export { internalRoutes } from './routes/internal.routes';
export { smsProvider } from './clients/sms.client';
export { whatsAppApi, whatsAppProvider } from './clients/whatsapp.client';
export { smsReportRoutes } from './routes/sms-report.routes';
export { whatsAppWebhookRoutes } from './routes/whatsapp-webhook.routes';
