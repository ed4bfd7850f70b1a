import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { testClock } from '@portal/platform';
import { generateTestKeys, testEnvironment } from '@portal/platform/testing';
import { currentPolicyVersions } from '@portal/contracts';
import { launchChromium } from '../../deploy/local/lib/browser';
import { nextProof, type ScriptedAdmin } from '../../deploy/local/lib/admin-sign-in';
import { seedDemoReleaseFromShell } from '../../deploy/local/lib/demo-release';
import { startMailpit, type Mailpit } from '../../deploy/local/lib/mailpit';
import { freePort } from '../../deploy/local/lib/net';
import { paymentSettings } from '../../deploy/local/lib/payment-stand-in';
import { phoneSettings } from '../../deploy/local/lib/phone-stand-in';
import { SERVICES, startStack } from '../../deploy/local/lib/stack';
import { startGoogleIdentityStandIn } from '../../deploy/local/stand-ins/google-identity';

export const ADMIN: ScriptedAdmin = { email: 'root@portal.test', password: 'root-password-1' };

/** The ten recovery codes the enrolment shows once, when they are on screen. */
export async function recoveryCodesShown(page: Page): Promise<string[]> {
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await codes.nth(9).waitFor();
  return codes.allTextContents();
}

/**
 * The admin's sign-in in the browser, from the password on: the first time, the
 * authenticator is set up from the key the QR step shows and the recovery codes are kept on
 * `admin`; later, a code of a step not used yet. Ends on the dashboard.
 */
export async function signInInBrowser(page: Page, admin: ScriptedAdmin = ADMIN): Promise<void> {
  await page.getByLabel('Admin email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in to Admin Dashboard' }).click();
  const enrol = page.getByRole('heading', { name: 'Set up your authenticator' });
  const code = page.getByRole('heading', { name: 'Enter your authenticator code' });
  await enrol.or(code).waitFor();
  if (await enrol.isVisible()) {
    admin.totpSecret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('6-digit code').fill(((await nextProof(admin)) as { code: string }).code);
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    admin.recoveryCodes = await recoveryCodesShown(page);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  } else {
    const proof = await nextProof(admin);
    if ('code' in proof) await page.getByLabel('6-digit code').fill(proof.code);
    else {
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code').fill(proof.recoveryCode);
    }
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    // a recovery code's sign-in says how many remain before going on
    if (!('code' in proof)) await page.getByRole('button', { name: 'Continue to the Admin Dashboard' }).click();
  }
  await tellingWhatThePageSays(
    page,
    page.waitForURL((url) => url.pathname === '/admin/dashboard'),
  );
}

/** Waits for `expected`; when it never comes, the failure quotes the page, whose message says why. */
export async function tellingWhatThePageSays<T>(page: Page, expected: Promise<T>): Promise<T> {
  return expected.catch(async (error: Error) => {
    throw new Error(`${error.message}; the page says: ${await page.locator('body').innerText()}`);
  });
}

const GOOGLE_CLIENT_ID = 'portal-e2e.apps.googleusercontent.com';

/** A call a test makes to set itself up; one the stack refuses stops the test with the answer. */
async function setUpCall(url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init.method} ${new URL(url).pathname} answered ${response.status}: ${await response.text()}`);
  return response;
}

/**
 * Every service, the gateway serving the built frontends, the PhonePe stand-in and Chromium.
 * With `google`, the portal offers Google sign-in against the Google stand-in, which a browser
 * context reaches once `routeGoogle` has sent Google's addresses there. `env` adds or overrides settings.
 * Billing and the PhonePe stand-in share one clock, which `moveClockTo` sets forward. With `mail`,
 * every e-mail goes to a Mailpit of the stack's own, whose inbox a page can open.
 */
export async function startE2eStack(
  label: string,
  { google: withGoogle = false, mail = false, env = {} as Record<string, string>, host = '127.0.0.1' } = {},
) {
  // first: a machine without Chromium fails here, before any server is started that would outlive the test
  const browser: Browser = await launchChromium();
  const databasePrefix = `t_${label}_${randomBytes(3).toString('hex')}_`;
  // Under a dot-folder, as `npm start` keeps them in .data/releases.
  const workDir = mkdtempSync(path.join(os.tmpdir(), `${label}-`));
  const releasesDir = path.join(workDir, '.data', 'releases');
  const { mongoUri, redisUrl, redisPrefix } = testEnvironment();
  const keys = generateTestKeys();
  const gatewayPort = await freePort();
  // `localhost` where a page needs a host name: a passkey's relying party cannot be an address
  const url = `http://${host}:${gatewayPort}`;
  const clockFile = path.join(workDir, 'clock-offset');
  const now = testClock(clockFile);
  const payments = await paymentSettings({}, url, { now: () => now().getTime() });
  const phones = await phoneSettings({}, url);
  const google = withGoogle ? await startGoogleIdentityStandIn({ clientId: GOOGLE_CLIENT_ID }) : undefined;
  const mailpit: Mailpit | undefined = mail ? await startMailpit({ dataDir: path.join(workDir, 'mailpit'), anyPorts: true }) : undefined;
  const stack = await startStack({
    gatewayPort,
    freePorts: true,
    databasePrefix,
    quiet: true,
    env: {
      ...process.env,
      MONGODB_URI: mongoUri,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `${redisPrefix}${label}:`,
      JWT_PUBLIC_KEY: keys.publicKey,
      JWT_PRIVATE_KEY: keys.privateKey,
      SERVICE_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RELEASES_DIR: releasesDir,
      PUBLIC_URL: url,
      CORS_ORIGINS: url,
      LOG_LEVEL: 'warn',
      ...payments.env,
      ...phones.env,
      ...(google && { GOOGLE_CLIENT_ID, GOOGLE_CERTS_URL: google.certsUrl }),
      ...(mailpit && { SMTP_URL: mailpit.smtpUrl }),
      TEST_CLOCK_FILE: clockFile,
      ...env,
    },
  });
  // from the shell, as npm start does: the admin's authenticator is the browser tests' to set up
  await seedDemoReleaseFromShell(url, { mongoUri, database: `${databasePrefix}download`, releasesDir });
  let data: mongoose.Connection | undefined;
  async function newPage(): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }
  return {
    url: url,
    browser,
    google,
    /** The stack's mail catcher, with `mail`. */
    mailpit,
    /** The text of the newest e-mail Mailpit finds for `query` (its search syntax), waiting up to 20 s for one. */
    async mailText(query: string): Promise<string> {
      const search = `${mailpit!.apiUrl}/search?query=${encodeURIComponent(query)}`;
      for (let tries = 0; tries < 80; tries++) {
        const [newest] = ((await (await fetch(search)).json()) as { messages: { ID: string }[] }).messages;
        if (newest) return ((await (await fetch(`${mailpit!.apiUrl}/message/${newest.ID}`)).json()) as { Text: string }).Text;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`no e-mail for ${query}`);
    },
    /** A service's own database, for a test to set up what no screen can (an old consent). */
    async database(service: (typeof SERVICES)[number]['name']) {
      data ??= await mongoose.createConnection(mongoUri).asPromise();
      return data.useDb(`${databasePrefix}${service.replace('-', '_')}`);
    },
    /** The PhonePe stand-in: its checkout, and the page standing for the customer's UPI app (/upi-app). */
    phonepeUrl: payments.standIn!.baseUrl,
    phonepe: payments.standIn!,
    /** The WhatsApp and SMS stand-in: what each phone received, and a reply from one. */
    phones: phones.standIn!,
    /** Billing's and PhonePe's time jumps to `instant` (never back); real time runs on from there. */
    moveClockTo(instant: Date | string) {
      const offset = new Date(instant).getTime() - Date.now();
      if (offset < new Date(now()).getTime() - Date.now()) throw new Error('the clock only moves forward');
      writeFileSync(clockFile, String(offset));
    },
    /** A call to the portal as an app makes it, with a bearer token and a JSON body: its status and answer. */
    async api(method: string, route: string, token?: string, body?: unknown) {
      const response = await fetch(`${url}${route}`, {
        method,
        headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    /** A person signed up by the API with the policies in force (password `secret12`): their token. */
    async register(firstName: string, email: string) {
      const registered = await this.api('POST', '/api/auth/register', undefined, {
        firstName,
        email,
        password: 'secret12',
        acceptedPolicies: currentPolicyVersions(),
      });
      return registered.body.token as string;
    },
    /** A form post, as the device grant's calls are: its answer. */
    async form(route: string, fields: Record<string, string>) {
      const response = await fetch(`${url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
      return (await response.json()) as Record<string, string>;
    },
    /** A page in a browser context of its own: a second person, signed out. */
    newPage,
    /** The admin, signed in through the admin sign-in, on the dashboard. */
    async adminPage(): Promise<Page> {
      const page = await newPage();
      await page.goto(`${url}/admin/login`);
      await signInInBrowser(page);
      return page;
    },
    /** A new customer with billing details (Maharashtra), signed in, on the Subscription page. */
    async customerOnSubscription(name: string): Promise<Page> {
      const email = `${name}.${Date.now()}@example.in`;
      const registered = await setUpCall(`${url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: name, email, password: 'secret12', acceptedPolicies: currentPolicyVersions() }),
      });
      const { token, user } = (await registered.json()) as { token: string; user: unknown };
      // without saved details the page asks for them instead of going to PhonePe, so a lost call must fail here
      await setUpCall(`${url}/api/billing/profile`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ legalName: `${name} & Co`, street: '12 MG Road', city: 'Pune', pincode: '411001', stateCode: '27' }),
      });
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const entries = JSON.stringify({ token, user: JSON.stringify(user) });
      await context.addInitScript(`Object.entries(${entries}).forEach(([k, v]) => localStorage.setItem(k, v))`);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${url}/subscription`);
      return page;
    },
    async routeGoogle(context: BrowserContext) {
      if (!google) throw new Error('startE2eStack was not asked for Google');
      await context.route('https://accounts.google.com/gsi/**', async (route) =>
        route.fulfill({ response: await route.fetch({ url: google.gsiUrl(route.request().url()) }) }),
      );
    },
    async stop() {
      await browser.close();
      await stack.stop();
      await payments.stop();
      await phones.stop();
      await google?.close();
      await mailpit?.stop();
      await data?.close();
      const connection = await mongoose.createConnection(mongoUri).asPromise();
      for (const service of SERVICES) await connection.useDb(`${databasePrefix}${service.name.replace('-', '_')}`).dropDatabase();
      await connection.close();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** The sign-up wizard's first step (behaviour.md §2): the name, e-mail, password and the policies accepted. */
export async function startSignupWizard(page: Page, person: { firstName: string; email: string; password: string }) {
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(person.password);
  await page.getByRole('checkbox', { name: /I accept the Terms of Service and the Privacy Notice/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
}

/** The sign-up wizard's second and third steps (behaviour.md §2), for a page on its first step done. */
export async function finishSignupWizard(
  page: Page,
  person: { age: string; gender: string; mobile?: string; street: string; city: string; state: string; pincode: string },
) {
  await page.getByLabel('Age').fill(person.age);
  await page.getByLabel('Gender').selectOption(person.gender);
  if (person.mobile) await page.getByLabel('Mobile number').fill(person.mobile);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Street address').fill(person.street);
  await page.getByLabel('City').fill(person.city);
  await page.getByLabel('State').fill(person.state);
  await page.getByLabel('Pincode').fill(person.pincode);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** The signed-in customer on `page` creates a firm from the Firms tab and opens its plan; answers the firm's id. */
export async function createFirmAndOpenItsPlan(page: Page, url: string, name: string): Promise<string> {
  await page.goto(`${url}/profile?tab=firms`);
  await page.getByLabel('Firm name').fill(name);
  await page.getByRole('button', { name: 'Create firm' }).click();
  await page.getByText('Firm created. You are its owner.').waitFor();
  await page.getByRole('link', { name: `Plan, seats and invoices of ${name}` }).click();
  await page.waitForURL((address) => address.pathname === '/subscription');
  return new URL(page.url()).searchParams.get('firm')!;
}

/** The billing details form (a buyer's or a firm's), filled for a GST-registered buyer in Pune and saved. */
export async function saveBillingDetails(form: Locator, legalName: string) {
  await form.getByLabel('Legal or business name').fill(legalName);
  await form.getByLabel('GSTIN (optional)').fill('27AAPFU0939F1ZV');
  await form.getByLabel('Billing address').fill('12 MG Road');
  await form.getByLabel('City').fill('Pune');
  await form.getByLabel('Pincode').fill('411001');
  await form.getByLabel('State').selectOption('27');
  await form.getByRole('button', { name: 'Save billing details' }).click();
}
