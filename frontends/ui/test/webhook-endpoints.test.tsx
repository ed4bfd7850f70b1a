import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebhookEndpointView } from '@portal/contracts';
import { WebhookEndpoints } from '@portal/ui/integrations';
import { stubApi } from './stub-api';

const endpoint = (over: Partial<WebhookEndpointView>): WebhookEndpointView => ({
  id: 'ep_1',
  url: 'https://books.example.in/hooks',
  events: ['payment.completed'],
  description: '',
  disabled: null,
  createdAt: '2026-11-29T05:00:00.000Z',
  previousSecretUntil: null,
  ...over,
});

describe('webhook endpoints panel', () => {
  it('when an endpoint is added, then the secret shows once and goes when copied; the list says why one was disabled', async () => {
    const listed = [
      endpoint({ id: 'ep_gone', url: 'https://old.example.in/hooks', disabled: { at: '2026-11-28T05:00:00.000Z', reason: 'gone' } }),
    ];
    const calls = stubApi(({ method, url, body }) => {
      if (method === 'POST' && url === '/api/admin/webhooks/endpoints') {
        listed.push(endpoint({ url: (body as { url: string }).url }));
        return { status: 201, data: { id: 'ep_1', secret: 'whsec_c2VjcmV0' } };
      }
      return { data: { endpoints: listed } };
    });
    render(<WebhookEndpoints base="/api/admin/webhooks" intro="Every account’s events." />);
    await screen.findByText('Disabled: it answered 410 Gone');
    expect(screen.getByRole('button', { name: 'Send a test event to https://old.example.in/hooks' })).toBeDisabled();

    const form = screen.getByRole('form', { name: 'Add a webhook endpoint' });
    await userEvent.type(within(form).getByLabelText('Endpoint URL'), 'https://books.example.in/hooks');
    await userEvent.click(within(form).getByLabelText('refund.completed'));
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_c2VjcmV0');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://books.example.in/hooks',
      events: ['payment.completed', 'invoice.issued', 'refund.completed'],
      description: '',
    });
    await userEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
    await screen.findByText('https://books.example.in/hooks');
  });

  it('when the address is refused, then the service’s reason shows and nothing is listed', async () => {
    stubApi(({ method }) =>
      method === 'POST'
        ? {
            status: 400,
            data: {
              error: 'bad_request',
              message: 'That address is refused: it is, or resolves to, a private, loopback or link-local address',
            },
          }
        : { data: { endpoints: [] } },
    );
    render(<WebhookEndpoints base="/api/webhooks" intro="Your events." />);
    await screen.findByText('No endpoints yet.');
    const form = screen.getByRole('form', { name: 'Add a webhook endpoint' });
    await userEvent.type(within(form).getByLabelText('Endpoint URL'), 'http://10.0.0.5/');
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That address is refused');
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });
});
