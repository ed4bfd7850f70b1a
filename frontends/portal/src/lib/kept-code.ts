/**
 * A code a sign-up link carries (`/signup?ref=…`, `/signup?partner=…`), kept from the sign-up page
 * until the account made there can claim it. The claim is made once, whatever the answer: a refusal
 * is no reason to hold up the sign-up, and the link is forgotten. It is sent with the new account's
 * token before the sign-in moves on, which may load another page and cut off a call under way.
 */
export function keptSignupCode({
  param,
  storageKey,
  pattern,
  claimUrl,
}: {
  param: string;
  storageKey: string;
  pattern: RegExp;
  claimUrl: string;
}) {
  return {
    keep(params: URLSearchParams): void {
      const code = params.get(param)?.replace(/\s+/g, '').toUpperCase();
      if (code && pattern.test(code)) localStorage.setItem(storageKey, code);
    },
    async claim(token: string): Promise<void> {
      const code = localStorage.getItem(storageKey);
      if (!code) return;
      localStorage.removeItem(storageKey);
      await fetch(claimUrl, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ code }),
      }).catch(() => undefined);
    },
  };
}
