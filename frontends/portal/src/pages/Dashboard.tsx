import { AUTOPAY_MESSAGES, formatIndianDate, formatRupees } from '@portal/contracts';
import { Banner, Link, useAuth } from '@portal/ui';
import { FirmPlanBanner } from '../features/firms/components/FirmPlanBanner';
import { TaxYearRenewalBanner } from '../features/subscription/components/TaxYearRenewal';
import '../components/portal.css';

const CARDS = [
  { to: '/subscription', title: 'Subscription', text: 'See your plan, start the free trial or choose a plan.' },
  { to: '/download', title: 'Download the app', text: 'Get the latest Windows installer and the installation guide.' },
  { to: '/about', title: 'About', text: 'What the desktop app and this portal do, and how to reach us.' },
];

export default function Dashboard() {
  const { status, subscription } = useAuth();
  const failure = subscription === 'active' ? status?.renewalFailure : null;
  const upcoming = subscription === 'active' ? status?.autoRenew?.upcomingDebit : null;
  return (
    <div>
      <h1>Hello, {status?.firstName || status?.email.split('@')[0]}!</h1>
      <p className="muted">Everything for your desktop app in one place.</p>
      {status?.firmPlan && <FirmPlanBanner firmPlan={status.firmPlan} />}
      {subscription === 'active' && <TaxYearRenewalBanner status={status} />}
      {failure && (
        <Banner kind="error">
          {AUTOPAY_MESSAGES.renewalFailed} (until {formatIndianDate(failure.graceUntil)}). <Link to="/subscription">Pay now</Link>
        </Banner>
      )}
      {upcoming && (
        // RBI's pre-debit notice, on the dashboard as well as by e-mail
        <Banner kind="info">
          UPI Autopay will debit {formatRupees(upcoming.amount)} on {formatIndianDate(upcoming.date)} for your renewal (mandate{' '}
          {status?.autoRenew?.mandateReference}). To stop it, turn off auto-renew on the <Link to="/subscription">Subscription page</Link>,
          or remove the mandate in your UPI app.
        </Banner>
      )}
      <div className="grid">
        {CARDS.map((card) => (
          <Link key={card.to} to={card.to} className="card">
            <h2>{card.title}</h2>
            <p>{card.text}</p>
          </Link>
        ))}
      </div>
      <section className="card stack-top" aria-labelledby="walkthrough">
        <h2 id="walkthrough">Walkthrough video</h2>
        <p className="muted">A short tour of the desktop app is being recorded and will appear here.</p>
      </section>
    </div>
  );
}
