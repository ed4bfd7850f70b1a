import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PHONE_CONSENT_TEXTS, PHONE_MESSAGES, type PhoneChannelsAnswer } from '@portal/contracts';
import { PhoneChannels } from '../src/features/notifications/components/PhoneChannels';
import { withQueries } from '../src/queries';
import { stubApi, type StubCall } from '../../ui/test/stub-api';
import { renderPage } from './render';

const answer = (over: Partial<PhoneChannelsAnswer> = {}): PhoneChannelsAnswer => ({
  mobile: null,
  verified: false,
  channels: { whatsapp: { on: false, since: null }, sms: { on: false, since: null } },
  offered: ['sms', 'whatsapp'],
  ...over,
});

/** notifications' phone calls, answered as the service answers them for one person. */
function notifications(start: PhoneChannelsAnswer) {
  let current = start;
  return stubApi((call: StubCall) => {
    if (call.url === '/api/notifications/phone' && call.method === 'GET') return { data: current };
    if (call.url === '/api/notifications/phone' && call.method === 'POST') {
      const { mobile } = call.body as { mobile: string };
      return mobile.replace(/\s/g, '').length === 10
        ? { status: 202, data: { message: PHONE_MESSAGES.codeSent } }
        : { status: 400, data: { error: 'bad_request', message: PHONE_MESSAGES.mobileInvalid } };
    }
    if (call.url === '/api/notifications/phone/verify') {
      if ((call.body as { code: string }).code !== '482913')
        return { status: 400, data: { error: 'bad_request', message: PHONE_MESSAGES.codeWrong } };
      current = answer({ ...current, mobile: '+919876543210', verified: true });
      return { data: { ...current, message: PHONE_MESSAGES.numberVerified } };
    }
    if (call.url === '/api/notifications/phone/channels') {
      const choice = call.body as Record<'whatsapp' | 'sms', boolean | undefined>;
      const at = '2026-11-29T10:00:00.000Z';
      current = answer({
        ...current,
        channels: {
          whatsapp: choice.whatsapp === undefined ? current.channels.whatsapp : { on: choice.whatsapp, since: at },
          sms: choice.sms === undefined ? current.channels.sms : { on: choice.sms, since: at },
        },
      });
      return { data: { ...current, message: PHONE_MESSAGES.channelsSaved } };
    }
    return { data: {} };
  });
}

const Section = withQueries(PhoneChannels);

describe('Profile → Notifications: WhatsApp and SMS', () => {
  it('when a person verifies their number with the SMS code, then WhatsApp can be chosen beside its consent text, and turned off again', async () => {
    const calls = notifications(answer());
    renderPage(<Section />);
    const whatsapp = await screen.findByRole('checkbox', { name: 'WhatsApp' });
    expect(whatsapp).toBeDisabled();
    expect(screen.getByText(PHONE_MESSAGES.verifyFirst)).toBeInTheDocument();
    expect(screen.getByText(PHONE_CONSENT_TEXTS.whatsapp.text)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Mobile number'), '98765 43210');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(PHONE_MESSAGES.codeSent)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code from the SMS'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(PHONE_MESSAGES.codeWrong)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Code from the SMS'));
    await userEvent.type(screen.getByLabelText('Code from the SMS'), '482913');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(PHONE_MESSAGES.numberVerified)).toBeInTheDocument();
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'WhatsApp' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'WhatsApp' })).toBeChecked());
    await userEvent.click(screen.getByRole('checkbox', { name: 'WhatsApp' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'WhatsApp' })).not.toBeChecked());
    expect(calls.filter((call) => call.url === '/api/notifications/phone/channels').map((call) => call.body)).toEqual([
      { whatsapp: true },
      { whatsapp: false },
    ]);
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/notifications/phone')?.body).toEqual({
      mobile: '98765 43210',
    });
  });

  it('when the number is not a mobile number, then the reason is shown and no code is asked for', async () => {
    notifications(answer());
    renderPage(<Section />);
    await userEvent.type(await screen.findByLabelText('Mobile number'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(PHONE_MESSAGES.mobileInvalid)).toBeInTheDocument();
    expect(screen.queryByLabelText('Code from the SMS')).not.toBeInTheDocument();
  });

  it('when the profile holds a mobile number, then it is offered to verify', async () => {
    notifications(answer());
    const WithProfileNumber = withQueries(() => <PhoneChannels profileMobile="+91 98765 43210" />);
    renderPage(<WithProfileNumber />);
    expect(await screen.findByLabelText('Mobile number')).toHaveValue('+91 98765 43210');
  });

  it('when the portal sends by neither WhatsApp nor SMS, then the section is not shown', async () => {
    const calls = notifications(answer({ offered: [] }));
    const { container } = renderPage(<Section />);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/notifications/phone')).toBe(true));
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
    expect(screen.queryByText('WhatsApp and SMS')).not.toBeInTheDocument();
  });
});
