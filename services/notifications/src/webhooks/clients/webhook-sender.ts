import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES } from '@portal/contracts';
import { badRequest } from '@portal/platform';
import { isRefusedAddress } from '../domain/address-guard';
import type { WebhookSender } from '../domain/ports';
import { WEBHOOK_TIMEOUT_MS } from '../domain/webhook-schedule';

class RefusedAddress extends Error {}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves a name as the connection will, refusing it when any of its addresses is one no webhook
 * may reach: checked where the socket connects, so a name that resolves differently a moment
 * later (DNS rebinding) is caught too.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { all: true, family: options.family as 0 | 4 | 6 | undefined })
    .then((addresses) => {
      const refused = addresses.find(({ address }) => isRefusedAddress(address));
      if (refused) throw new RefusedAddress(`${hostname} resolves to a refused address`);
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    })
    .catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
};

/**
 * Posts webhooks over HTTP(S): 15 s to answer, no redirect followed (a 3xx is a failed try), the
 * answer's body read and dropped. With `allowLocal` (development and the tests) any address is
 * reached; otherwise private, loopback and link-local ones are refused here and at registration.
 */
export function webhookSender({ allowLocal }: { allowLocal: boolean }): WebhookSender {
  return {
    async checkAddress(value) {
      if (allowLocal) return;
      const host = hostOf(new URL(value));
      if (isIP(host)) {
        if (isRefusedAddress(host)) throw badRequest(WEBHOOK_MESSAGES.urlRefused);
        return;
      }
      const addresses = await lookup(host, { all: true }).catch(() => {
        throw badRequest(WEBHOOK_MESSAGES.urlUnresolved);
      });
      if (addresses.some(({ address }) => isRefusedAddress(address))) throw badRequest(WEBHOOK_MESSAGES.urlRefused);
    },
    send({ url, headers, body }) {
      const target = new URL(url);
      if (!allowLocal && isIP(hostOf(target)) && isRefusedAddress(hostOf(target))) {
        return Promise.resolve({ error: 'The address is refused' });
      }
      const client = target.protocol === 'https:' ? https : http;
      return new Promise((resolve) => {
        const request = client.request(
          target,
          {
            method: 'POST',
            headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
            timeout: WEBHOOK_TIMEOUT_MS,
            ...(!allowLocal && { lookup: guardedLookup }),
          },
          (response) => {
            response.resume();
            response.on('end', () => {
              clearTimeout(deadline);
              const retryAfter = response.headers['retry-after'];
              resolve({ status: response.statusCode ?? 0, ...(retryAfter && { retryAfter }) });
            });
            response.on('error', () => undefined);
          },
        );
        // the whole answer within 15 s, not only each silence on the socket
        const deadline = setTimeout(() => request.destroy(new Error('timeout')), WEBHOOK_TIMEOUT_MS);
        request.on('timeout', () => request.destroy(new Error('timeout')));
        request.on('error', (error) => {
          clearTimeout(deadline);
          resolve({
            error:
              error instanceof RefusedAddress
                ? 'The address resolves to a refused address'
                : error.message === 'timeout'
                  ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`
                  : `Could not connect (${(error as NodeJS.ErrnoException).code ?? error.message})`,
          });
        });
        request.end(body);
      });
    },
  };
}
