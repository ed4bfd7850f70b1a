/** The delivery capability's face to the composition root. */
export { messageRepository } from './data/message.repository';
export { templateReportRepository } from './data/template-report.repository';
export { deliveryUseCases } from './domain/delivery.use-cases';
export { deliveryMetrics } from './jobs/delivery-metrics';
export { deliveryQueue, deliveryWorker } from './jobs/delivery-queue';
export { internalRoutes } from './routes/internal.routes';
export { phoneProviders } from './clients/phone-providers';
export { smsReportRoutes } from './routes/sms-report.routes';
export { whatsAppWebhookRoutes } from './routes/whatsapp-webhook.routes';
