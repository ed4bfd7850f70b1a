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
          Write to <a href="mailto:support@taxpractitioner.app">support@taxpractitioner.app</a>; we answer on working days.
        </p>
      </section>
    </div>
  );
}
