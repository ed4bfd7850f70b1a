import type { BrowserContext, Page } from 'playwright-core';
import { startE2eStack } from './e2e-stack';

jest.setTimeout(120_000);

const DESKTOP_SIGNED_IN = 'Login successful! You can close this browser window and return to the desktop app.';

describe('Google sign-in in Chromium, through the Google stand-in', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  let context: BrowserContext;
  let page: Page;
  const profile = { sub: `g-${Date.now()}`, email: `meera.${Date.now()}@gmail.test`, givenName: 'Meera', familyName: 'Iyer' };

  beforeAll(async () => {
    stack = await startE2eStack('google', { google: true });
    context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await stack.routeGoogle(context);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const at = (pathname: string) => page.waitForURL((url) => url.pathname === pathname);

  it('when a visitor signs up with Google, then they give their age and land on their profile with the personal tab open for editing', async () => {
    stack.google!.signInAs(profile);
    await page.goto(`${stack.url}/signup`);
    await page.getByText('Please accept the Terms of Service and the Privacy Notice to continue, then sign up with Google.').waitFor();
    await page.getByRole('checkbox', { name: /I accept the Terms of Service and the Privacy Notice/ }).check();
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await page.waitForURL((url) => url.pathname === '/profile' && url.searchParams.get('complete-profile') === 'true');
    // Google shares no age: the server holds the account at the gate until it is given
    await page.getByRole('heading', { name: 'Please tell us your age' }).waitFor();
    await page.getByLabel('Age', { exact: true }).fill('17');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Please enter a valid age (18-120)').waitFor();
    await page.getByLabel('Age', { exact: true }).fill('34');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Hello, Meera Iyer' }).waitFor();
    await page.getByRole('button', { name: 'Save changes' }).waitFor();
    expect(await page.evaluate("JSON.parse(localStorage.getItem('user')).email")).toBe(profile.email);
  });

  it('when they log out and sign in with Google again, then they go to the subscription page as the same account', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await at('/');
    await page.goto(`${stack.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await at('/subscription');
    await page.getByText('Start 30-Day Free Trial').first().waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await at('/');
  });

  it('when the desktop app opens the login and Google signs in, then the success message shows and the window closes after 3 s', async () => {
    const opener = await context.newPage();
    await opener.goto(`${stack.url}/`);
    // window.close() may only close a window a script opened, as the desktop app's browser window is.
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      opener.evaluate("void window.open('/login?source=electron', 'desktop-login')"),
    ]);
    await popup.getByRole('button', { name: 'Sign in with Google' }).click();
    await popup.getByText(DESKTOP_SIGNED_IN).waitFor();
    const shownAt = Date.now();
    expect(await popup.evaluate("localStorage.getItem('token')")).toMatch(/^ey/);
    expect(new URL(popup.url()).pathname).toBe('/login');
    await popup.waitForEvent('close', { timeout: 6_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_500);
    await opener.close();
  });

  it('when the Google account chooser is closed without an account, then the login page says so', async () => {
    stack.google!.signInAs(null);
    await page.evaluate('localStorage.clear()'); // the desktop login above signed this browser in
    await page.goto(`${stack.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByText('Google login was cancelled or failed').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
