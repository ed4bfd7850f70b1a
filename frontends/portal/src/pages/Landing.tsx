import { Banner, Link, Spinner, useAuth, useLocation } from '@portal/ui';
import { Carousel } from '../components/Carousel';
import '../components/portal.css';

const FEATURES = [
  { title: 'Unified file management', text: 'Every client folder, ITR and computation in one place, organised by client and year.' },
  { title: 'Auto-generate certificates', text: 'Turnover and networth certificates drafted from the figures you have already filed.' },
  {
    title: 'Fast local indexing',
    text: 'Your PDFs are indexed on your own computer, so searches answer in seconds and files stay with you.',
  },
];

export default function Landing() {
  const { state, status, signOut } = useAuth();
  // what a page that sent the person here has to say, as the account deletion's confirmation
  const notice = (useLocation().state as { message?: string } | null)?.message;
  if (state === 'loading') return <Spinner />;
  const signedIn = state === 'authenticated';
  const name = status?.firstName || status?.email.split('@')[0] || '';
  return (
    <div>
      {notice && <Banner kind="success">{notice}</Banner>}
      {/* A visitor's Log in and Sign up sit in the shell's header; signed in, the sidebar's layout has no header. */}
      {signedIn && (
        <nav className="topbar" aria-label="Account">
          <Link className="btn btn-secondary" to="/dashboard">
            Dashboard
          </Link>
          <button type="button" className="btn btn-secondary" onClick={() => void signOut()}>
            Logout
          </button>
        </nav>
      )}
      <section className="hero">
        {signedIn ? (
          <>
            <h1>Welcome back, {name}!</h1>
            <p>Your practice's documents are a search away.</p>
            <Link className="btn btn-primary" to="/dashboard">
              Go to your dashboard
            </Link>
          </>
        ) : (
          <>
            <h1>Find documents in seconds</h1>
            <p>
              The desktop app for tax practitioners: every client's filings indexed on your computer, and certificates generated for you.
            </p>
            <Link className="btn btn-primary" to="/signup">
              Get Started Free
            </Link>
            <p className="muted">No credit card required • 1-month free trial</p>
          </>
        )}
      </section>
      <section className="features grid" aria-label="Features">
        {FEATURES.map((feature) => (
          <article key={feature.title} className="card">
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </article>
        ))}
      </section>
      <Carousel />
    </div>
  );
}
