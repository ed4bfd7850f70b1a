import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DAY_MS, currentPolicyVersions, taxYearName, taxYearOf } from '@portal/contracts';
import { startE2eStack } from './e2e-stack';

jest.setTimeout(120_000);

const CLI = path.resolve(__dirname, '../../desktop-client/cli.js');

/** The reference desktop client (npm run desktop-client) against every service, through the gateway. */
describe('the reference desktop client against the whole portal', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'desktop-client-'));
  const stateFile = path.join(dir, 'state.json');
  beforeAll(async () => {
    // with mail: a firm's invitation arrives by e-mail
    stack = await startE2eStack('e2edesktop', { mail: true });
  });
  afterAll(async () => {
    await stack?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const args = (command: string, extra: string[] = []) => [
    CLI,
    command,
    '--portal',
    stack.url,
    '--state',
    stateFile,
    '--machine',
    'ASHA-PC',
    ...extra,
  ];
  async function run(command: string, extra: string[] = []) {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, args(command, extra));
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }
  const api = async (method: string, route: string, token?: string, body?: unknown) => {
    const response = await fetch(`${stack.url}${route}`, {
      method,
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };

  /**
   * Signs the client in as the holder of `token`: login prints a code and polls, the person allows it
   * in the portal meanwhile. Answers the code, what login printed and the portal's answer.
   */
  async function signIn(token: string, extra: string[]) {
    const login = spawn(process.execPath, args('login', extra));
    let printed = '';
    login.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const code = await new Promise<string>((resolve) =>
      login.stdout.on('data', () => {
        const found = /enter the code ([A-Z]{4}-[A-Z]{4})/.exec(printed);
        if (found) resolve(found[1]!);
      }),
    );
    const decision = await api('POST', '/api/auth/device/decision', token, { user_code: code, decision: 'approve' });
    expect(await new Promise((resolve) => login.on('exit', resolve))).toBe(0);
    return { code, printed, decision };
  }

  it('when the user signs the client in, then it activates this machine and verifies its licence offline; a second machine is over the trial’s limit; an update required and a withdrawn release replaced', async () => {
    const { token } = (await api('POST', '/api/auth/register', undefined, {
      firstName: 'Asha',
      email: 'asha.desktop@example.in',
      password: 'secret12',
      acceptedPolicies: currentPolicyVersions(),
    })) as {
      token: string;
    };
    await api('POST', '/api/start-trial', token);

    // login prints the code and polls; the person confirms it in the portal meanwhile
    const { code, printed, decision } = await signIn(token, ['--device-name', 'Asha’s office PC']);
    expect(printed).toContain(`To sign in, open ${stack.url}/activate and enter the code ${code}`);
    expect(decision).toEqual({ message: 'The desktop app is signed in. You can return to it.' });
    expect(printed).toContain('Signed in.');

    const activated = await run('activate', ['--device-name', 'Asha’s office PC', '--app-version', '0.9.0']);
    expect(activated).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Licence valid offline until \d{4}-/) });

    const verified = await run('verify');
    expect(verified.code).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({ valid: true, plan: 'trial', status: 'trial', email: 'asha.desktop@example.in' });

    const until = JSON.parse(verified.stdout).until as string;
    const lapsed = await run('verify', ['--at', new Date(Date.parse(until) + 1000).toISOString()]);
    expect(lapsed.code).toBe(1);
    expect(JSON.parse(lapsed.stdout)).toEqual({ valid: false, reason: 'ERR_JWT_EXPIRED' });

    const elsewhere = await run('verify', ['--machine', 'SOMEONE-ELSES-PC']);
    expect(elsewhere.code).toBe(1);
    expect(JSON.parse(elsewhere.stdout)).toEqual({ valid: false, reason: 'the licence is for another device' });

    const state = JSON.parse(readFileSync(stateFile, 'utf8'));
    const [header, payload, signature] = state.license.split('.');
    const upgraded = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), plan: 'business' }),
    ).toString('base64url');
    writeFileSync(stateFile, JSON.stringify({ ...state, license: `${header}.${upgraded}.${signature}` }));
    const tampered = await run('verify');
    expect(tampered.code).toBe(1);
    expect(JSON.parse(tampered.stdout)).toEqual({ valid: false, reason: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
    const otherKid = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(header, 'base64url').toString()), kid: 'retired-long-ago' }),
    ).toString('base64url');
    writeFileSync(stateFile, JSON.stringify({ ...state, license: `${otherKid}.${payload}.${signature}` }));
    const unknownKey = await run('verify');
    expect(unknownKey.code).toBe(1);
    expect(JSON.parse(unknownKey.stdout)).toEqual({ valid: false, reason: 'ERR_JWKS_NO_MATCHING_KEY' });
    writeFileSync(stateFile, JSON.stringify(state));

    const second = await run('activate', ['--machine', 'ASHA-LAPTOP', '--device-name', 'Asha’s laptop']);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('device_limit: Your plan allows 1 device at a time. Deactivate one to use this device.');
    expect(second.stderr).toContain('active: Asha’s office PC');

    expect((await run('refresh', ['--app-version', '0.9.0'])).code).toBe(0);
    const update = await run('update-check', ['--app-version', '0.9.0']);
    expect(update.code).toBe(0);
    expect(JSON.parse(update.stdout)).toMatchObject({
      updateAvailable: true,
      current: '0.9.0',
      latest: { version: '1.0.0' },
      download: { fileName: 'TaxPractitioner-Setup-1.0.0.exe' },
    });
    // the channel's minimum version: an older app is told the update is required, in the admin's words
    const admin = await stack.adminPage();
    const adminToken = (await admin.evaluate("localStorage.getItem('adminToken')")) as string;
    await admin.context().close();
    const minimum = { minimumVersion: '1.0.0', message: 'Version 0.9 cannot file for AY 2027-28. Update to go on.' };
    expect(await api('PUT', '/api/admin/releases/channels/stable', adminToken, minimum)).toMatchObject({ channel: minimum });
    const required = await run('update-check', ['--app-version', '0.9.0']);
    expect(JSON.parse(required.stdout)).toMatchObject({
      updateRequired: true,
      requiredMessage: minimum.message,
      latest: { version: '1.0.0' },
    });
    await api('PUT', '/api/admin/releases/channels/stable', adminToken, { minimumVersion: null });

    // a withdrawn release: never offered again, its download gone, and a machine on it offered the newest good one
    const form = new FormData();
    form.set('version', '1.1.0');
    form.set('notes', 'ITR-3 import');
    form.set('file', new Blob([Buffer.alloc(64 * 1024, 1)]), 'setup.exe');
    const published = await fetch(`${stack.url}/api/admin/releases`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    expect(published.status).toBe(201);
    const offered = JSON.parse((await run('update-check', ['--app-version', '1.0.0'])).stdout);
    expect(offered).toMatchObject({ updateAvailable: true, latest: { version: '1.1.0' } });
    expect(await api('POST', '/api/admin/releases/1.1.0/withdraw', adminToken, { reason: 'Breaks the ITR-3 import' })).toMatchObject({
      release: { state: 'withdrawn' },
    });
    const gone = await fetch(`${stack.url}${offered.download.downloadUrl}`);
    expect([gone.status, ((await gone.json()) as { message: string }).message]).toEqual([
      410,
      'Version 1.1.0 has been withdrawn. Download the newest version from the portal instead.',
    ]);
    expect(JSON.parse((await run('update-check', ['--app-version', '1.0.0'])).stdout)).toMatchObject({ updateAvailable: false });
    const replaced = JSON.parse((await run('update-check', ['--app-version', '1.1.0'])).stdout);
    expect(replaced).toMatchObject({ updateAvailable: true, currentWithdrawn: true, latest: { version: '1.0.0' } });

    // a build for the law of a tax year past the trial's: named with the plan to buy, and refused by the licence offline
    const beyondTrial = taxYearName(taxYearOf(Date.now() + 31 * DAY_MS) + 1);
    const edition = new FormData();
    edition.set('version', '2.0.0');
    edition.set('requiresTaxYear', beyondTrial);
    edition.set('file', new Blob([Buffer.alloc(64 * 1024, 2)]), 'setup.exe');
    const editionPublished = await fetch(`${stack.url}/api/admin/releases`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: edition,
    });
    expect(editionPublished.status).toBe(201);
    const [feed, told] = (await run('update-check', ['--app-version', '1.0.0'])).stdout.trim().split('\n');
    expect(JSON.parse(feed!)).toMatchObject({
      updateAvailable: false,
      latest: { version: '1.0.0' },
      editionRequired: {
        code: 'edition_required',
        version: '2.0.0',
        taxYear: beyondTrial,
        plan: 'professional',
        billingPeriod: 'tax-year',
      },
    });
    expect(told).toMatch(new RegExp(`^edition_required: Version 2\\.0\\.0 follows the law of Tax year ${beyondTrial}`));
    expect(JSON.parse((await run('verify', [])).stdout).taxYears).not.toContain(beyondTrial);
    const refusedBuild = await run('verify', ['--tax-year', beyondTrial]);
    expect([refusedBuild.code, JSON.parse(refusedBuild.stdout)]).toEqual([1, { valid: false, reason: 'EDITION_REQUIRED' }]);

    const feedback = await run('feedback', ['--type', 'bug', '--component', 'networth', '--message', 'Networth totals round wrongly']);
    expect(feedback).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Feedback sent \(/) });
    const mine = (await api('GET', '/api/feedback/mine', token)) as { feedback: { message: string; component: string }[] };
    expect(mine.feedback).toEqual([expect.objectContaining({ message: 'Networth totals round wrongly', component: 'networth' })]);
  });

  /** The secret of the last firm invitation e-mailed to `email`. */
  const invitationSecret = async (email: string) =>
    /invitation=([A-Za-z0-9_-]{43})/.exec(await stack.mailText(`to:"${email}" subject:"invited you"`))![1]!;

  it('when a firm’s member signs the client in, then it activates on the firm’s seat, the licence names the firm and seat, and the check-in after the member is removed is refused', async () => {
    const register = async (firstName: string, email: string) =>
      (await api('POST', '/api/auth/register', undefined, {
        firstName,
        email,
        password: 'secret12',
        acceptedPolicies: currentPolicyVersions(),
      })) as { token: string; user: { _id: string } };
    const owner = await register('Meera', 'meera.firm@example.in');
    const member = await register('Ravi', 'ravi.firm@example.in');
    const { firm } = (await api('POST', '/api/firms', owner.token, { name: 'Iyer & Associates' })) as { firm: { id: string } };
    const bought = (await api('POST', `/api/payment/create-phonepe-order?firmId=${firm.id}`, owner.token, {
      plan: 'professional',
      billingPeriod: 'monthly',
      seats: 2,
    })) as { merchantOrderId: string };
    await stack.phonepe.settle(bought.merchantOrderId, 'success');
    for (let tries = 0; tries < 80; tries++) {
      const status = await api('GET', `/api/subscription-status?firmId=${firm.id}`, owner.token);
      if (status.subscriptionStatus === 'active') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await api('POST', `/api/firms/${firm.id}/invitations`, owner.token, { email: 'ravi.firm@example.in' })).toEqual({
      message: 'Invitation sent to ravi.firm@example.in.',
    });
    const secret = await invitationSecret('ravi.firm@example.in');
    expect(await api('POST', '/api/firms/invitations/accept', member.token, { token: secret })).toMatchObject({
      message: 'You joined Iyer & Associates.',
    });

    const memberState = ['--state', path.join(dir, 'member.json'), '--machine', 'RAVI-PC'];
    await signIn(member.token, [...memberState, '--device-name', 'Ravi’s desk']);
    expect((await run('activate', [...memberState, '--device-name', 'Ravi’s desk'])).code).toBe(0);
    const verified = await run('verify', memberState);
    expect(JSON.parse(verified.stdout)).toMatchObject({
      valid: true,
      plan: 'professional',
      status: 'active',
      email: 'ravi.firm@example.in',
      firm: 'Iyer & Associates',
      seat: 2,
    });

    expect(await api('DELETE', `/api/firms/${firm.id}/members/${member.user._id}`, owner.token)).toEqual({
      message: 'Member removed. Their seat is free.',
    });
    // the next check-in once billing has the removal, which auth published before it answered
    let refused = await run('refresh', memberState);
    for (let tries = 0; tries < 20 && refused.code === 0; tries++) refused = await run('refresh', memberState);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('no_entitlement');
  });

  // last: it moves billing's clock on, which never goes back

  it('when a PC cannot reach the portal, then its request file uploaded on the Devices tab gives a licence file for the plan, which the client verifies offline, and its deactivation file frees the place', async () => {
    const offline = ['--state', path.join(dir, 'filing-pc.json'), '--machine', 'FILING-PC', '--device-name', 'Filing PC'];
    const requestFile = path.join(dir, 'filing-pc.tppreq');
    const written = await run('activation-request', [...offline, '--out', requestFile]);
    expect(written).toMatchObject({ code: 0, stdout: expect.stringContaining(`Activation request written to ${requestFile}`) });

    // on another PC, signed in to the portal
    const page = await stack.customerOnSubscription('Meena');
    await page.getByRole('button', { name: 'Start 30-Day Free Trial' }).click();
    // the trial's own confirmation: leaving before it would cut the request that starts the trial
    await page.getByText('Trial activated successfully!').waitFor();
    await page.goto(`${stack.url}/profile?tab=devices`);
    const devices = page.getByRole('region', { name: 'Devices' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      devices.getByLabel('Activation request file').setInputFiles(requestFile),
    ]);
    await devices.getByText('Filing PC is activated.', { exact: false }).waitFor();
    await devices.getByText('Filing PC', { exact: true }).waitFor();
    expect(download.suggestedFilename()).toBe('Filing-PC.tpplic');
    const licenceFile = path.join(dir, 'filing-pc.tpplic');
    await download.saveAs(licenceFile);

    // back on the PC, offline: the file carries the keys that verify it
    const installed = await run('install-licence', [...offline, '--file', licenceFile]);
    expect(installed.code).toBe(0);
    const verified = JSON.parse((await run('verify', offline)).stdout);
    expect(verified).toMatchObject({ valid: true, plan: 'trial', activation: 'file' });
    // the paid period (the trial's 30 days here), not an online licence's 7
    expect(Date.parse(verified.until)).toBeGreaterThan(Date.now() + 25 * DAY_MS);
    // another PC's client, with its own key, refuses the file
    const elsewhere = await run('install-licence', [
      '--state',
      path.join(dir, 'other.json'),
      '--machine',
      'FILING-PC',
      '--file',
      licenceFile,
    ]);
    expect([elsewhere.code, JSON.parse(elsewhere.stdout)]).toEqual([1, { valid: false, reason: 'the licence is for another device' }]);

    const proofFile = path.join(dir, 'filing-pc.tppdeact');
    expect((await run('deactivation-proof', [...offline, '--out', proofFile])).code).toBe(0);
    // the licence is gone from the PC before the file that proves it is written
    expect(await run('verify', offline)).toMatchObject({ code: 1, stderr: expect.stringContaining('no licence') });
    await devices.getByLabel('Deactivation file').setInputFiles(proofFile);
    await devices.getByText('Device deactivated').waitFor();
    await devices.getByText('No devices yet.', { exact: false }).waitFor();
    await page.context().close();
  });
  it('when the paid period ends, then a plan that keeps its builds checks in with a lapsed licence that runs only builds released before the end, and a plan that stops is refused', async () => {
    const admin = await stack.adminPage();
    const adminToken = (await admin.evaluate("localStorage.getItem('adminToken')")) as string;
    await admin.context().close();
    const ending = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);
    async function customerOn(plan: string, firstName: string, machine: string) {
      const email = `${firstName.toLowerCase()}.lapse@example.in`;
      const { token, user } = (await api('POST', '/api/auth/register', undefined, {
        firstName,
        email,
        password: 'secret12',
        acceptedPolicies: currentPolicyVersions(),
      })) as { token: string; user: { _id: string } };
      await api('PUT', `/api/admin/users/${user._id}/subscription`, adminToken, {
        subscriptionPlan: plan,
        subscriptionStatus: 'active',
        subscriptionStartDate: new Date().toISOString().slice(0, 10),
        subscriptionEndDate: ending,
        planPrice: 1000,
      });
      const state = ['--state', path.join(dir, `${machine}.json`), '--machine', machine];
      await signIn(token, state);
      expect((await run('activate', state)).code).toBe(0);
      return state;
    }
    const business = await customerOn('business', 'Kavitha', 'KAVITHA-PC');
    const professional = await customerOn('professional', 'Farhan', 'FARHAN-PC');

    const later = new Date(Date.now() + 30 * DAY_MS);
    stack.moveClockTo(later);
    expect((await run('refresh', business)).code).toBe(0);
    // a minute on: billing's clock ran on from `later` before it signed the licence (its nbf)
    const at = new Date(later.getTime() + 60_000).toISOString();
    const lapsed = JSON.parse((await run('verify', [...business, '--at', at])).stdout);
    expect(lapsed).toMatchObject({ valid: true, plan: 'business', status: 'lapsed', afterEnd: 'keep_builds' });
    const endedOn = new Date(lapsed.updatesStoppedOn);
    expect(endedOn.getTime()).toBeLessThan(later.getTime());
    const older = await run('verify', [...business, '--at', at, '--released', new Date(endedOn.getTime() - DAY_MS).toISOString()]);
    expect(JSON.parse(older.stdout)).toMatchObject({ valid: true, runsBuildsReleasedBefore: endedOn.toISOString() });
    const newer = await run('verify', [...business, '--at', at, '--released', endedOn.toISOString()]);
    expect([newer.code, JSON.parse(newer.stdout)]).toEqual([1, { valid: false, reason: 'BUILD_RELEASED_AFTER_ENTITLEMENT' }]);
    // the lapsed licence covers the tax year it ended in, and a build for the next year's law is refused
    expect(lapsed.taxYears).toEqual([taxYearName(taxYearOf(endedOn))]);
    const nextYears = await run('verify', [...business, '--at', at, '--tax-year', taxYearName(taxYearOf(endedOn) + 1)]);
    expect([nextYears.code, JSON.parse(nextYears.stdout)]).toEqual([1, { valid: false, reason: 'EDITION_REQUIRED' }]);

    const stopped = await run('refresh', professional);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain('no_entitlement');
  });
});
