import { isAxiosError } from 'axios';
import pino from 'pino';

/** As much of another service's answer as tells what went wrong. */
const ANSWER_CHARS = 300;

/**
 * An error as a log line shows it. A failed call to another service names the call and how it
 * was answered; pino's own serializer would copy the axios error's config and request as well,
 * with the service token they carry in their Authorization header, into every such line.
 */
export function serializeError(error: unknown): unknown {
  if (!isAxiosError(error)) return pino.stdSerializers.err(error as Error);
  const { config, response } = error;
  const answer = response?.data;
  return {
    type: 'AxiosError',
    message: error.message,
    code: error.code,
    call: `${(config?.method ?? 'get').toUpperCase()} ${config?.baseURL ?? ''}${config?.url ?? ''}`,
    status: response?.status,
    answer: (typeof answer === 'string' ? answer : JSON.stringify(answer))?.slice(0, ANSWER_CHARS),
    stack: error.stack,
  };
}
