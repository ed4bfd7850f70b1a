import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DESKTOP_CLIENT_ID, DEVICE_GRANT_TYPE, SEAT_LEASE_MESSAGES } from '@portal/contracts';
import { createFirmAndOpenItsPlan, saveBillingDetails, startE2eStack } from './e2e-stack';

jest.setTimeout(240_000);

/**
 * A CA's office on shared seats, in Chromium against every service: the firm buys two floating
 * seats of Business, three PCs start, the third is told who holds the seats, and the owner frees the
 * stuck one from the portal so that the third PC gets it.
 */
describe('a firm’s floating seats in Chromium', () => {
  let stack: Awaited<ReturnType<typeof startE2eStack>>;
  beforeAll(async () => {
    stack = await startE2eStack('e2eseats', { mail: true });
    // the seller's setting: Business's seats float (before billing has read its plans)
    await (await stack.database('billing')).collection('plans').updateOne({ _id: 'business' as never }, { $set: { seating: 'floating' } });
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'floating-seats-'));
  afterAll(async () => {
    await stack?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The reference desktop client (npm run desktop-client) on machine `machine`, signed in with `tokens`. */
  async function client(tokens: Record<string, string>, machine: string, command: string, extra: string[] = []) {
    const stateFile = path.join(dir, `${machine}.json`);
    if (command === 'activate') writeFileSync(stateFile, JSON.stringify({ tokens }));
    const cli = path.resolve(__dirname, '../../desktop-client/cli.js');
    const argv = [cli, command, '--portal', stack.url, '--state', stateFile, '--machine', machine, '--device-name', machine, ...extra];
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, argv);
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  }

  const api = (...call: Parameters<typeof stack.api>) => stack.api(...call);
  const form = (...call: Parameters<typeof stack.form>) => stack.form(...call);

  /** The desktop app of `token`'s person, signed in for the firm by the device grant: its tokens. */
  async function signedIn(token: string, firmId: string) {
    const started = await form('/api/auth/device/code', { client_id: DESKTOP_CLIENT_ID, device_name: 'Office PC' });
    await api('POST', '/api/auth/device/decision', token, { user_code: started.user_code, decision: 'approve', firmId });
    return form('/api/auth/device/token', {
      grant_type: DEVICE_GRANT_TYPE,
      device_code: started.device_code!,
      client_id: DESKTOP_CLIENT_ID,
    });
  }
  const desktopFor = async (token: string, firmId: string) => (await signedIn(token, firmId)).access_token!;
  /** A PC of the office, activated: its checkout when the app starts. */
  async function pc(desktop: string, name: string, fingerprint: string) {
    const machine = { deviceId: fingerprint.repeat(64), deviceName: name, os: 'Windows 11', appVersion: '1.0.0' };
    const activated = await api('POST', '/api/licenses/activate', desktop, machine);
    expect([activated.status, activated.body.seating]).toEqual([201, 'floating']);
    return () => api('POST', '/api/licenses/leases', desktop, { deviceId: machine.deviceId, appVersion: '1.0.0' });
  }

  it('when the office’s two seats are held and a third PC starts, then it is told who holds them, and once the owner frees the stuck seat it gets it', async () => {
    const owner = await stack.customerOnSubscription('Meera');
    const ownerToken = (await owner.evaluate(() => localStorage.getItem('token')))!;
    const firmId = await createFirmAndOpenItsPlan(owner, stack.url, 'Iyer & Associates');

    // two seats of Business, monthly
    await owner.getByLabel('Seats').fill('2');
    const business = owner.getByRole('article', { name: 'Business plan' });
    await business.getByRole('button', { name: 'Buy for the firm' }).click();
    await owner.getByRole('dialog', { name: 'Subscribe: Business (monthly)' }).getByRole('button', { name: 'Pay ₹4,000' }).click();
    await saveBillingDetails(owner.getByRole('form', { name: 'Billing details' }).first(), 'Iyer & Associates');
    await owner.getByText('PhonePe test checkout').waitFor();
    await owner.getByRole('button', { name: /^Pay / }).click();
    await owner.getByText(/Iyer & Associates has the Business plan for 2 seats/).waitFor();

    // Kiran joins the firm by the e-mailed invitation
    const kiranEmail = `kiran.${Date.now()}@example.in`;
    const kiran = await stack.register('Kiran', kiranEmail);
    expect((await api('POST', `/api/firms/${firmId}/invitations`, ownerToken, { email: kiranEmail, role: 'member' })).status).toBe(201);
    const link = decodeURIComponent(
      /(http\S+\/(?:login|signup)\?next=\S+)/.exec(await stack.mailText(`to:"${kiranEmail}" subject:"invited you"`))![1]!,
    );
    const invitation = /invitation=([\w-]+)/.exec(link)![1]!;
    expect((await api('POST', '/api/firms/invitations/accept', kiran, { token: invitation })).status).toBe(200);

    // Kiran's PC and the owner's take both seats; the owner's second PC is told who holds them
    const kiranPc = await pc(await desktopFor(kiran, firmId), 'KIRAN-PC', 'a');
    const ownerDesktop = await desktopFor(ownerToken, firmId);
    const reception = await pc(ownerDesktop, 'RECEPTION', 'b');
    const nextPc = await pc(ownerDesktop, 'NEXT-PC', 'c');
    expect((await kiranPc()).status).toBe(201);
    expect((await reception()).status).toBe(201);
    const full = await nextPc();
    expect([full.status, full.body.error, full.body.message]).toEqual([409, 'seats_taken', SEAT_LEASE_MESSAGES.seatsTaken(2)]);
    expect((full.body.holders as { deviceName: string }[]).map((lease) => lease.deviceName)).toEqual(['KIRAN-PC', 'RECEPTION']);

    // Kiran's PC hangs: the owner frees its seat from the firm's page
    await owner.goto(`${stack.url}/profile?tab=firms`);
    const seats = owner.getByRole('list', { name: 'Seats in use' });
    await owner.getByText('2 of 2 shared seats held.', { exact: false }).waitFor();
    await seats.getByText('KIRAN-PC').waitFor();
    await owner.getByRole('button', { name: 'Free the seat of KIRAN-PC' }).click();
    await owner.getByText(SEAT_LEASE_MESSAGES.freed).waitFor();
    await owner.getByText('1 of 2 shared seats held.', { exact: false }).waitFor();
    expect(await seats.getByText('KIRAN-PC').count()).toBe(0);

    const next = await nextPc();
    expect([next.status, (next.body.lease as { deviceName: string }).deviceName]).toEqual([201, 'NEXT-PC']);

    // the reference client on a fourth PC: told who holds the seats, then checks out, beats, borrows and gives back
    const tokens = await signedIn(ownerToken, firmId);
    expect(await client(tokens, 'LAPTOP', 'activate')).toMatchObject({
      code: 0,
      out: expect.stringContaining('run checkout when the app starts'),
    });
    const refused = await client(tokens, 'LAPTOP', 'checkout');
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`seats_taken: ${SEAT_LEASE_MESSAGES.seatsTaken(2)}`);
    expect(refused.out).toMatch(/held: RECEPTION by meera\.\d+@example\.in since /);
    expect((await api('POST', '/api/licenses/leases/release', ownerDesktop, { deviceId: 'b'.repeat(64) })).status).toBe(200);
    expect(await client(tokens, 'LAPTOP', 'checkout')).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Seat held until \S+; heartbeat every 300 s\./),
    });
    expect((await client(tokens, 'LAPTOP', 'heartbeat')).out).toMatch(/^Seat held until /);
    const borrowed = await client(tokens, 'LAPTOP', 'borrow', ['--days', '3']);
    expect(borrowed.out).toMatch(/^Seat borrowed until /);
    const verified = JSON.parse((await client(tokens, 'LAPTOP', 'verify')).out) as Record<string, unknown>;
    expect(verified).toMatchObject({ valid: true, plan: 'business', firm: 'Iyer & Associates', lease: 'borrow' });
    expect(await client(tokens, 'LAPTOP', 'release')).toEqual({ code: 0, out: `${SEAT_LEASE_MESSAGES.released}\n` });
  });
});
