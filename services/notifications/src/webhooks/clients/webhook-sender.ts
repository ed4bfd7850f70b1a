import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES } from '@portal/contracts';
import { badRequest } from '@portal/platform';
import { isRefusedAddress } from '../domain/address-guard';
import type { WebhookResponse, WebhookSender } from '../domain/ports';
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

/** Why a try got no answer, as the owner's delivery log says it. */
function noAnswer(error: Error): string {
  if (error instanceof RefusedAddress) return 'The address resolves to a refused address';
  if (error.message === 'timeout') return `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`;
  return `Could not connect (${(error as NodeJS.ErrnoException).code ?? error.message})`;
}

/**
 * Posts webhooks over HTTP(S): 15 s to answer, no redirect followed (a 3xx is a failed try), the
 * answer's body read and dropped. With `allowLocal` (development and the tests) any address is
 * reached; otherwise private, loopback and link-local ones are refused here and at registration.
 */
export function webhookSender({ allowLocal }: { allowLocal: boolean }): WebhookSender {
  /** An address written as an IP is refused before any connection (the lookup is not asked for one). */
  const refusedLiteral = (url: URL) => !allowLocal && isIP(hostOf(url)) !== 0 && isRefusedAddress(hostOf(url));
  return {
    async checkAddress(value) {
      const url = new URL(value);
      if (refusedLiteral(url)) throw badRequest(WEBHOOK_MESSAGES.urlRefused);
      if (allowLocal || isIP(hostOf(url))) return;
      const addresses = await lookup(hostOf(url), { all: true }).catch(() => {
        throw badRequest(WEBHOOK_MESSAGES.urlUnresolved);
      });
      if (addresses.some(({ address }) => isRefusedAddress(address))) throw badRequest(WEBHOOK_MESSAGES.urlRefused);
    },
    send({ url, headers, body }) {
      const target = new URL(url);
      if (refusedLiteral(target)) return Promise.resolve({ error: 'The address is refused' });
      const client = target.protocol === 'https:' ? https : http;
      return new Promise((resolve) => {
        // the whole answer within 15 s, not only each silence on the socket; whichever ends the try first settles it
        const deadline = setTimeout(() => request.destroy(new Error('timeout')), WEBHOOK_TIMEOUT_MS);
        const settle = (response: WebhookResponse) => {
          clearTimeout(deadline);
          resolve(response);
        };
        const request = client.request(
          target,
          {
            method: 'POST',
            headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
            timeout: WEBHOOK_TIMEOUT_MS,
            ...(!allowLocal && { lookup: guardedLookup }),
          },
          (response) => {
            const retryAfter = response.headers['retry-after'];
            response.on('end', () => settle({ status: response.statusCode ?? 0, ...(retryAfter && { retryAfter }) }));
            // cut off mid-answer (or by the deadline): no whole answer, so a failed try
            response.on('error', (error) => settle({ error: noAnswer(error) }));
            response.resume();
          },
        );
        request.on('timeout', () => request.destroy(new Error('timeout')));
        request.on('error', (error) => settle({ error: noAnswer(error) }));
        request.end(body);
      });
    },
  };
}
