/**
 * Settings the gateway writes into the page (one build serves every deployment). Google
 * sign-in is offered only where a client id is configured.
 */
export function googleClientId(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="google-client-id"]')?.content ?? '';
}
