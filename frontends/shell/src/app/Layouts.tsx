import type { ReactNode } from 'react';
import { Link, NavLink, POLICIES, useAuth, useLocation, useNavigate } from '@portal/ui';

const NAV = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/profile', label: 'Profile' },
  { to: '/download', label: 'Download' },
  { to: '/subscription', label: 'Subscription' },
  { to: '/about', label: 'About' },
];

export function Logo() {
  return (
    <Link to="/" className="logo">
      <img src="/favicon.svg" alt="" width="28" height="28" />
      <span className="logo-name">Tax Practitioner Portal</span>
    </Link>
  );
}

/** Signed in: a fixed sidebar with the pages, the e-mail and Logout. */
export function SignedInLayout({ children }: { children: ReactNode }) {
  const { status, signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <div className="signed-in">
      <aside className="sidebar">
        <Logo />
        <nav aria-label="Main">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="sidebar-footer">
          {/* One line, cut with an ellipsis; the whole address on hover. */}
          <span className="user-email" title={status?.email}>
            {status?.email}
          </span>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={async () => {
              await signOut();
              navigate('/');
            }}
          >
            Logout
          </button>
        </div>
      </aside>
      <div className="content">
        <main>{children}</main>
        <SiteFooter />
      </div>
    </div>
  );
}

/** On every page, visitor's, user's and admin's: what PhonePe's onboarding and the DPDP Act expect a merchant's site to show. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label="Policies and contact">
        <Link to="/pricing">Pricing</Link>
        <Link to="/about">About</Link>
        <Link to={POLICIES.terms.path}>Terms</Link>
        <Link to={POLICIES.privacy.path}>Privacy</Link>
        <Link to={POLICIES.refund.path}>Refunds and cancellation</Link>
        <Link to="/contact">Contact</Link>
      </nav>
    </footer>
  );
}

/**
 * The account links in the header beside the logo: one top bar (behaviour.md §2 Routes and layouts). From a page other than
 * the landing page (the desktop app's /activate?user_code=…), signing in comes back to it.
 */
export function VisitorActions() {
  const { pathname, search } = useLocation();
  const next = pathname === '/' ? '' : `?next=${encodeURIComponent(pathname + search)}`;
  return (
    <>
      <Link className="btn btn-secondary" to={`/login${next}`}>
        Log in
      </Link>
      <Link className="btn btn-primary" to={`/signup${next}`}>
        Sign up
      </Link>
    </>
  );
}

/** Visitors, and the moment while the status loads: a simple header with the logo, and the page's actions if it has any. */
export function PublicLayout({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="public">
      <header className="header">
        <Logo />
        {actions && (
          <nav className="header-actions" aria-label="Account">
            {actions}
          </nav>
        )}
      </header>
      <main>{children}</main>
      <SiteFooter />
    </div>
  );
}
