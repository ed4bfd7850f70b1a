import type { Page } from 'playwright-core';
import { currentPolicyVersions } from '@portal/contracts';
import { signInInBrowser, startE2eStack } from './e2e-stack';

jest.setTimeout(120_000);

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[];
}

/**
 * Every screen through axe-core in Chromium: no violation of serious or critical impact (issue
 * #7's bar). Screens are checked once their main content has rendered.
 */
describe('accessibility of every screen, in Chromium', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  let page: Page;

  /** axe-core's serious and critical findings on the page as it is now, each labelled. */
  async function seriousOnPage(label: string) {
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    const result = (await page.evaluate('axe.run(document, { resultTypes: ["violations"] })')) as AxeResult;
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${label}: ${violation.id} (${violation.impact}) ${violation.help} at ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
      );
  }

  async function seriousViolations(path: string, ready: (page: Page) => Promise<unknown>) {
    await page.goto(`${stack.url}${path}`);
    await ready(page);
    return seriousOnPage(path);
  }

  beforeAll(async () => {
    stack = await startE2eStack('e2eaxe');
    // The pages' CSP allows no inline script, and axe is injected as one: the test context alone bypasses it.
    const context = await stack.browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterAll(() => stack?.stop());

  it('when a visitor opens the public screens, then none has a serious or critical violation', async () => {
    const found = [
      ...(await seriousViolations('/', (p) => p.getByRole('link', { name: 'Get Started Free' }).waitFor())),
      ...(await seriousViolations('/login', (p) => p.getByRole('button', { name: 'Sign In' }).waitFor())),
      ...(await seriousViolations('/signup', (p) => p.getByRole('button', { name: 'Next' }).waitFor())),
      ...(await seriousViolations('/forgot-password', (p) => p.getByRole('heading').first().waitFor())),
    ];
    expect(found).toEqual([]);
  });

  it('when a signed-in user opens their screens, then none has a serious or critical violation', async () => {
    const registered = await fetch(`${stack.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Axe', email: 'axe@example.in', password: 'secret12', acceptedPolicies: currentPolicyVersions() }),
    });
    const { token, user } = (await registered.json()) as { token: string; user: unknown };
    await page.goto(`${stack.url}/`);
    // evaluated in the page: the test's own types have no DOM
    await page.evaluate(
      `localStorage.setItem('token', ${JSON.stringify(token)}); localStorage.setItem('user', ${JSON.stringify(JSON.stringify(user))})`,
    );
    const found = [
      ...(await seriousViolations('/dashboard', (p) =>
        p
          .getByRole('link', { name: 'Logout' })
          .or(p.getByRole('button', { name: 'Logout' }))
          .waitFor(),
      )),
      ...(await seriousViolations('/profile', (p) => p.getByRole('heading', { name: 'Hello, Axe' }).waitFor())),
      ...(await seriousViolations('/download', (p) => p.getByRole('heading').first().waitFor())),
      ...(await seriousViolations('/subscription', (p) => p.getByText('Most Popular').waitFor())),
      ...(await seriousViolations('/about', (p) => p.getByRole('heading').first().waitFor())),
    ];
    expect(found).toEqual([]);
  });

  it('when the admin opens the sign-in and every dashboard tab, then none has a serious or critical violation', async () => {
    const found = await seriousViolations('/admin/login', (p) => p.getByRole('button', { name: 'Sign in to Admin Dashboard' }).waitFor());
    await signInInBrowser(page);
    await page.getByRole('region', { name: 'Total Users' }).waitFor();
    for (const tab of ['Dashboard', 'User Management', 'Transactions', 'App Feedback', 'Audit Log', 'Admins', 'My sign-in']) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await page.waitForLoadState('networkidle');
      found.push(...(await seriousOnPage(tab)));
    }
    expect(found).toEqual([]);
  });
});
