import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AUTOPAY_LIMIT_PAISE,
  CONSENT_MESSAGES,
  currentPolicyVersions,
  formatRupees,
  GRACE_DAYS,
  POLICIES,
  type SellerDetails,
} from '@portal/contracts';
import { session } from '@portal/ui';
import About from '../src/pages/About';
import Consent from '../src/pages/Consent';
import Contact from '../src/pages/Contact';
import Pricing from '../src/pages/Pricing';
import Privacy from '../src/pages/Privacy';
import RefundPolicy from '../src/pages/RefundPolicy';
import Terms from '../src/pages/Terms';
import { stubApi, type StubCall } from '../../ui/test/stub-api';
import { renderPage } from './render';

const SELLER: SellerDetails = {
  legalName: 'Ledgerline Software Private Limited',
  address: '5 Residency Road, Bengaluru, Karnataka 560025',
  gstin: '29AAGCR4375J1ZU',
  email: 'support@ledgerline.in',
  phone: '+91 80 4123 4567',
  grievanceOfficer: { name: 'Meera Krishnan', email: 'grievance@ledgerline.in' },
  demo: false,
};
const PLANS = {
  basic: {
    name: 'Basic',
    monthlyPrice: 500,
    annualPrice: 4800,
    annualOriginal: 6000,
    features: ['1 device'],
    terms: ['monthly', 'annual'],
  },
  professional: {
    name: 'Professional',
    monthlyPrice: 1000,
    annualPrice: 9600,
    annualOriginal: 12000,
    features: ['2 devices'],
    terms: ['monthly', 'annual'],
  },
  business: {
    name: 'Business',
    monthlyPrice: 2000,
    annualPrice: 19200,
    annualOriginal: 24000,
    features: ['5 devices'],
    terms: ['monthly', 'annual'],
  },
};

function visitorServices(seller: SellerDetails = SELLER) {
  return stubApi((call: StubCall) => {
    if (call.url === '/api/seller') return { data: seller };
    if (call.url === '/api/payment/plans') return { data: PLANS };
    return { status: 404, data: {} };
  });
}

describe('the public pages (behaviour.md §2)', () => {
  afterEach(() => localStorage.clear());

  it('when a visitor opens /pricing, then the three plans show GST-inclusive prices; annual shows the saving', async () => {
    visitorServices();
    renderPage(<Pricing />, '/pricing');
    expect(await screen.findByRole('article', { name: 'Professional plan' })).toHaveTextContent('₹1,000/month');
    expect(screen.getByText(/Prices include GST/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Annual/ }));
    const business = screen.getByRole('article', { name: 'Business plan' });
    expect(business).toHaveTextContent('Billed ₹19,200 a year');
    expect(business).toHaveTextContent('You save ₹4,800');
    expect(business).toHaveTextContent('5 devices');
  });

  it('when a visitor chooses a plan, then sign-up opens and will go on to that plan and period', async () => {
    visitorServices();
    renderPage(<Pricing />, '/pricing');
    await userEvent.click(await screen.findByRole('button', { name: /Annual/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose Business' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/signup?next=%2Fsubscription%3Fplan%3Dbusiness%26period%3Dannual');
  });

  it('when a signed-in person chooses a plan, then the subscription page opens on it', async () => {
    session.save('user-token', { email: 'meera.iyer@example.in' });
    stubApi((call) => {
      if (call.url === '/api/subscription-status') return { data: { subscriptionStatus: 'trial', email: 'meera.iyer@example.in' } };
      return { data: PLANS };
    });
    renderPage(<Pricing />, '/pricing');
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Basic' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/subscription?plan=basic&period=monthly');
  });

  it('when the contact page opens, then the seller’s legal name, address, e-mail, phone and grievance officer are shown', async () => {
    visitorServices();
    renderPage(<Contact />, '/contact');
    expect(await screen.findByRole('heading', { name: SELLER.legalName })).toBeInTheDocument();
    expect(screen.getByText(SELLER.address)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SELLER.email })).toHaveAttribute('href', 'mailto:support@ledgerline.in');
    expect(screen.getByRole('link', { name: SELLER.phone })).toHaveAttribute('href', 'tel:+918041234567');
    expect(screen.getByRole('link', { name: 'grievance@ledgerline.in' })).toBeInTheDocument();
    expect(screen.queryByText(/Demo seller/)).not.toBeInTheDocument();
  });

  it('when the portal runs without the seller settings, then the contact page says its seller is a placeholder', async () => {
    visitorServices({ ...SELLER, legalName: 'Demo Tax Software Private Limited', demo: true });
    renderPage(<Contact />, '/contact');
    expect(await screen.findByText(/Demo seller: this portal runs without its operator's details/)).toBeInTheDocument();
  });

  it('when the privacy notice opens, then it has its version and date, what is kept and how long, the rights and the grievance officer', async () => {
    visitorServices();
    renderPage(<Privacy />, '/privacy');
    expect(await screen.findByRole('heading', { name: 'Grievance Officer' })).toBeInTheDocument();
    expect(screen.getByText(`Version ${POLICIES.privacy.version}, effective 24 Nov 2026`)).toBeInTheDocument();
    for (const heading of ['What we collect, and why', 'How long we keep it', 'Your rights']) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(screen.getByText(/for 72 months from the due date of the annual return/)).toBeInTheDocument();
    for (const right of ['Access:', 'Correction:', 'Erasure:', 'Grievance:']) expect(screen.getByText(right)).toBeInTheDocument();
    expect(screen.getByText(/Meera Krishnan, Grievance Officer/)).toBeInTheDocument();
  });

  it('when the refund policy opens, then its grace, Autopay limit and cancellation rules are billing’s own', async () => {
    visitorServices();
    renderPage(<RefundPolicy />, '/refund-policy');
    expect(await screen.findByRole('heading', { name: 'Cancellation' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`you keep access for ${GRACE_DAYS} days`))).toBeInTheDocument();
    expect(
      screen.getByText(new RegExp(`plans of up to ${formatRupees(AUTOPAY_LIMIT_PAISE / 100).replace('.', '\\.')} a payment`)),
    ).toBeInTheDocument();
    expect(screen.getByText(/you keep access until the end of the period you paid for/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SELLER.email })).toBeInTheDocument();
  });

  it('when the terms open, then they name the seller and link the other policies', async () => {
    visitorServices();
    renderPage(<Terms />, '/terms');
    expect(await screen.findByText(new RegExp(`between you and ${SELLER.legalName}`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Refund and Cancellation Policy' })).toHaveAttribute('href', '/refund-policy');
    expect(screen.getByRole('link', { name: 'Privacy Notice' })).toHaveAttribute('href', '/privacy');
  });

  it('when the about page opens, then it describes the app and links the contact and pricing pages', () => {
    renderPage(<About />, '/about');
    expect(screen.getByRole('heading', { name: 'The desktop app' })).toBeInTheDocument();
    const support = screen.getByRole('heading', { name: 'Support' }).closest('section')!;
    expect(within(support).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(within(support).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  });
});

describe('accepting changed policies', () => {
  beforeEach(() => session.save('user-token', { email: 'meera.iyer@example.in' }));
  afterEach(() => localStorage.clear());

  it('when the box is not ticked, then the page says to; ticked, the versions in force are accepted and the status asked again', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/auth/consent') return { data: { consent: null, required: call.method === 'GET' } };
      return { data: { subscriptionStatus: 'trial', email: 'meera.iyer@example.in' } };
    });
    renderPage(<Consent />, '/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept and continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(CONSENT_MESSAGES.required);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: /I accept the Terms of Service and the Privacy Notice/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/subscription-status')).toHaveLength(2));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/auth/consent',
      body: { accepted: currentPolicyVersions() },
    });
  });
});
