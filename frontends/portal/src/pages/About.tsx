import { Link } from '@portal/ui';

export default function About() {
  return (
    <div>
      <h1>About</h1>
      <section className="card">
        <h2>The desktop app</h2>
        <p>
          A Windows app for tax practitioners. It syncs and indexes your client folders on your own computer, lets you browse PDF filings
          such as ITRs and computations by client and year, and generates turnover and networth certificates from them.
        </p>
      </section>
      <section className="card stack-top">
        <h2>This portal</h2>
        <ul>
          <li>Create your account and start the free 30-day trial</li>
          <li>Choose a plan and pay securely through PhonePe</li>
          <li>Download the latest installer</li>
          <li>Keep your profile and address up to date</li>
        </ul>
      </section>
      <section className="card stack-top">
        <h2>Support</h2>
        <p>
          See <Link to="/contact">Contact us</Link> for how to reach us, and <Link to="/pricing">Pricing</Link> for the plans.
        </p>
      </section>
    </div>
  );
}
