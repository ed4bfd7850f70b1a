import type { CDPSession, Page } from 'playwright-core';
import { currentPolicyVersions, SECOND_FACTOR_MESSAGES } from '@portal/contracts';
import { nextProof, type ScriptedAdmin } from '../../deploy/local/lib/admin-sign-in';
import { recoveryCodesShown, startE2eStack, tellingWhatThePageSays } from './e2e-stack';

jest.setTimeout(120_000);

/**
 * A practitioner's two-step sign-in in Chromium: the authenticator set up from
 * Security and Privacy by reading the key the QR step shows and computing codes as an app does, a
 * passkey through Chromium's virtual authenticator, and the sign-ins that ask for them. The stack
 * runs on `localhost`, because a passkey's relying party cannot be an IP address.
 */
describe('two-step sign-in for a practitioner, in Chromium', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  let page: Page;
  let cdp: CDPSession;
  let authenticatorId: string;
  // the practitioner's authenticator app, as the scripted sign-ins keep one
  const person = { password: 'secret12' } as ScriptedAdmin;

  beforeAll(async () => {
    stack = await startE2eStack('e2e2fa', { host: 'localhost' });
    person.email = `kavya.${Date.now()}@example.in`;
    const signedUp = await fetch(`${stack.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Kavya',
        email: person.email,
        password: person.password,
        acceptedPolicies: currentPolicyVersions(),
      }),
    });
    expect(signedUp.status).toBe(201);
    page = await stack.newPage();
    cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    }));
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const twoStep = () => page.getByRole('region', { name: 'Two-step sign-in' });
  /** The password on the sign-in page, then `secondFactor` (none before it is set up), ending on the dashboard. */
  async function signInWith(secondFactor: () => Promise<void>) {
    await page.goto(`${stack.url}/login`);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await secondFactor();
    await tellingWhatThePageSays(
      page,
      page.waitForURL((url) => url.pathname === '/dashboard'),
    );
  }
  const codeStep = () => page.getByRole('heading', { name: 'Enter your authenticator code' }).waitFor();
  async function signOut() {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
  }

  it('when the practitioner sets it up from Security and Privacy, then a code from the key turns it on and ten recovery codes show once', async () => {
    await signInWith(async () => undefined);
    await page.goto(`${stack.url}/profile?tab=privacy`);
    await tellingWhatThePageSays(page, twoStep().getByRole('button', { name: 'Set up two-step sign-in' }).click());
    person.totpSecret = (await twoStep().getByTestId('totp-secret').textContent())!.trim();
    await twoStep()
      .getByLabel('6-digit code')
      .fill(((await nextProof(person)) as { code: string }).code);
    await twoStep().getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    expect(await recoveryCodesShown(page)).toHaveLength(10);
    await twoStep().getByText(SECOND_FACTOR_MESSAGES.turnedOn).waitFor();
    await twoStep().getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await twoStep().getByText('10 of 10 recovery codes remain.', { exact: false }).waitFor();
  });

  it('when a passkey is added, then the next sign-in takes it instead of a code, and the authenticator’s counter moves', async () => {
    await twoStep().getByLabel('Passkey name').fill('Office laptop');
    await twoStep().getByRole('button', { name: 'Add a passkey' }).click();
    await twoStep().getByText(SECOND_FACTOR_MESSAGES.passkeyAdded).waitFor();
    await twoStep().getByRole('cell', { name: 'Office laptop', exact: true }).waitFor();
    const [added] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    expect(added!.rpId).toBe('localhost');

    await signOut();
    await signInWith(async () => {
      await codeStep();
      await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    });
    const [used] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    expect(used!.signCount).toBeGreaterThan(added!.signCount);
  });

  it('when the practitioner signs in with a wrong code and then the app’s, then the first is refused and the second opens the dashboard', async () => {
    await signOut();
    await signInWith(async () => {
      await codeStep();
      await page.getByLabel('6-digit code').fill('000000');
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await page.getByText(SECOND_FACTOR_MESSAGES.wrongCode).waitFor();
      await page.getByLabel('6-digit code').fill(((await nextProof(person)) as { code: string }).code);
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
    });
  });
});
