import type { IncomingMessage } from 'node:http';
import accepts from 'accepts';

/** Where a person goes from a failed link, by the path the browser opened. */
export interface WayBack {
  href: string;
  label: string;
}

// The links a browser opens itself (not the pages' API calls), with the way back from each; any
// other path leads home. An invoice link would add its row here.
const WAYS_BACK: readonly (WayBack & { prefix: string })[] = [
  { prefix: '/api/download/', href: '/download', label: 'Start the download again from the Download page' },
];
const HOME: WayBack = { href: '/', label: 'Go to the portal' };

export const wayBackFor = (path: string): WayBack => WAYS_BACK.find((way) => path.startsWith(way.prefix)) ?? HOME;

/**
 * True when the client asks for a page rather than data: a browser that opened a link itself
 * lists text/html first, while the pages' API client, curl (any type) and the desktop app get JSON.
 */
export const prefersHtml = (req: IncomingMessage): boolean => accepts(req).type(['json', 'html']) === 'html';

const TITLES: Record<number, string> = {
  400: 'This link could not be used',
  401: 'Please sign in again',
  403: 'This link is not valid',
  404: 'Not found',
  416: 'This part of the file does not exist',
  429: 'Too many requests',
};
const titleFor = (status: number) => TITLES[status] ?? (status >= 500 ? 'Something went wrong on our side' : 'This link could not be used');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * A short page in the portal's look for an error on a link the browser opened: what happened, the
 * way back, and the request id to quote to support. Self-contained (one inline style), so it shows
 * even when the frontends are not reachable.
 */
export function errorPage({ status, message, requestId, path }: { status: number; message: string; requestId: string; path: string }) {
  const way = wayBackFor(path);
  const title = escapeHtml(titleFor(status));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Tax Practitioner Portal</title><link rel="icon" href="/favicon.svg">
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f7f8fb}
header{display:flex;align-items:center;gap:10px;padding:14px 24px;background:#fff;border-bottom:1px solid #d1d5db;font-weight:700}
header a{color:inherit;text-decoration:none;display:flex;align-items:center;gap:10px}
main{max-width:480px;margin:64px auto;padding:32px;background:#fff;border-radius:10px;box-shadow:0 1px 3px rgb(0 0 0/8%),0 6px 20px rgb(0 0 0/5%)}
h1{font-size:1.4rem;margin:0 0 12px}p{margin:0 0 20px;color:#4b5563}
.action{display:inline-block;padding:10px 18px;border-radius:10px;background:#1d4ed8;color:#fff;font-weight:600;text-decoration:none}
.action:focus-visible{outline:3px solid #1e3a8a;outline-offset:2px}small{display:block;margin-top:24px;color:#4b5563}
</style></head>
<body><header><a href="/"><img src="/favicon.svg" alt="" width="28" height="28">Tax Practitioner Portal</a></header>
<main><h1>${title}</h1><p>${escapeHtml(message)}</p><a class="action" href="${way.href}">${escapeHtml(way.label)}</a>
<small>Reference: ${escapeHtml(requestId)}</small></main></body></html>`;
}
