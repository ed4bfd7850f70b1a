import type { ReactNode } from 'react';
import { AuthProvider, isAdminPath, isPartnerPath, Navigate, POLICIES, Route, Routes, Spinner, useAuth, useLocation } from '@portal/ui';
import { PublicLayout, SignedInLayout, SiteFooter, VisitorActions } from './Layouts';
import { RemoteBoundary } from './RemoteBoundary';
import { pages } from './remote-pages';

type PageKey = keyof typeof pages;

function Page({ name, loading }: { name: PageKey; loading?: string }) {
  const Component = pages[name];
  return (
    <RemoteBoundary loading={loading}>
      <Component />
    </RemoteBoundary>
  );
}

/** Signed-in pages; anyone else goes to the landing page (behaviour.md §2). */
function SignedInOnly({ children }: { children: ReactNode }) {
  const { state, consentRequired } = useAuth();
  if (state !== 'authenticated') return <Navigate to="/" replace />;
  // A changed policy is accepted before going on; the policies themselves stay open to read.
  return <SignedInLayout>{consentRequired ? <Page name="consent" /> : children}</SignedInLayout>;
}

/** /signup and /login send a signed-in user to the dashboard. */
function VisitorsOnly({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (state === 'authenticated') return <Navigate to="/dashboard" replace />;
  return <PublicLayout>{children}</PublicLayout>;
}

function Routed() {
  const { state } = useAuth();
  const { pathname } = useLocation();
  // Admin paths skip the user-auth redirects and have their own sign-in.
  if (isAdminPath(pathname)) {
    return (
      <Routes>
        <Route
          path="/admin/*"
          element={
            <>
              <div className="admin-area">
                {/* the largest remote: its label is the page's first paint, as a user page's "Loading your account…" */}
                <Page name="admin" loading="Loading the admin area…" />
              </div>
              <SiteFooter />
            </>
          }
        />
      </Routes>
    );
  }
  // A dealer's staff have their own sign-in too, and their area its own remote.
  if (isPartnerPath(pathname)) {
    return (
      <Routes>
        <Route
          path="/partner/*"
          element={
            <>
              <div className="partner-area-page">
                <Page name="partner" loading="Loading the partner area…" />
              </div>
              <SiteFooter />
            </>
          }
        />
      </Routes>
    );
  }
  if (state === 'loading') {
    return (
      <PublicLayout>
        <Spinner label="Loading your account…" />
      </PublicLayout>
    );
  }
  const landingLayout = (children: ReactNode) =>
    state === 'authenticated' ? (
      <SignedInLayout>{children}</SignedInLayout>
    ) : (
      <PublicLayout actions={<VisitorActions />}>{children}</PublicLayout>
    );
  return (
    <Routes>
      <Route path="/" element={landingLayout(<Page name="landing" />)} />
      <Route path="/landing" element={<Navigate to="/" replace />} />
      <Route
        path="/signup"
        element={
          <VisitorsOnly>
            <Page name="signup" />
          </VisitorsOnly>
        }
      />
      <Route
        path="/login"
        element={
          <VisitorsOnly>
            <Page name="login" />
          </VisitorsOnly>
        }
      />
      <Route
        path="/forgot-password"
        element={
          <PublicLayout>
            <Page name="forgotPassword" />
          </PublicLayout>
        }
      />
      <Route
        path="/reset-password"
        element={
          <PublicLayout>
            <Page name="resetPassword" />
          </PublicLayout>
        }
      />
      <Route
        path="/dashboard"
        element={
          <SignedInOnly>
            <Page name="dashboard" />
          </SignedInOnly>
        }
      />
      <Route
        path="/download"
        element={
          <SignedInOnly>
            <Page name="download" />
          </SignedInOnly>
        }
      />
      <Route
        path="/subscription"
        element={
          <SignedInOnly>
            <Page name="subscription" />
          </SignedInOnly>
        }
      />
      <Route
        path="/profile"
        element={
          <SignedInOnly>
            <Page name="profile" />
          </SignedInOnly>
        }
      />
      <Route path="/activate" element={landingLayout(<Page name="activate" />)} />
      {/* Open to everyone, in the layout of whoever reads them (behaviour.md §2). */}
      <Route path="/pricing" element={landingLayout(<Page name="pricing" />)} />
      <Route path="/about" element={landingLayout(<Page name="about" />)} />
      <Route path={POLICIES.terms.path} element={landingLayout(<Page name="terms" />)} />
      <Route path={POLICIES.privacy.path} element={landingLayout(<Page name="privacy" />)} />
      <Route path={POLICIES.refund.path} element={landingLayout(<Page name="refundPolicy" />)} />
      <Route path="/contact" element={landingLayout(<Page name="contact" />)} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export function App() {
  const { pathname } = useLocation();
  return (
    <AuthProvider pathname={pathname}>
      <Routed />
    </AuthProvider>
  );
}
