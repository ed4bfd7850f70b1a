import type helmet from 'helmet';

type HelmetOptions = NonNullable<Parameters<typeof helmet>[0]>;

// The sources Google Identity Services asks a CSP to allow: its client script, the button's
// iframe and its calls (developers.google.com/identity/gsi/web/guides/get-google-api-clientid,
// "Content Security Policy"); helmet's style-src already admits its https: stylesheet.
const GSI = 'https://accounts.google.com/gsi/';

/**
 * The pages' security headers. With Google sign-in configured they let Google's script, iframe
 * and popup work: the sources above, an opener policy that lets the popup talk back (the same
 * guide, "Cross-Origin-Opener-Policy") and a referrer from which Google can read our origin.
 */
export function pagePolicy(googleClientId: string | undefined): HelmetOptions {
  // The pages are served over plain http by `npm start`; TLS, where there is one, ends in front of us.
  const base = { upgradeInsecureRequests: null };
  // Strict-Transport-Security is sent per request, over HTTPS only (transport-security.ts).
  if (!googleClientId) return { contentSecurityPolicy: { directives: base }, strictTransportSecurity: false };
  return {
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        ...base,
        scriptSrc: ["'self'", `${GSI}client`],
        frameSrc: ["'self'", GSI],
        connectSrc: ["'self'", GSI],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}
