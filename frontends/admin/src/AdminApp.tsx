import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, Spinner, useSearchParams } from '@portal/ui';
import { useAdminSession } from './admin-session';
import AdminDashboard from './pages/AdminDashboard';
import { withQueries } from './queries';

// The sign-in page loads when it is shown, so the dashboard, which an admin opens far more often, does not carry its form.
const AdminLogin = lazy(() => import('./pages/AdminLogin'));
const AdminInvitation = lazy(() => import('./pages/AdminInvitation'));

/** The guard of /admin/dashboard: 'Checking admin authentication...' while it checks (behaviour.md §2). */
function AdminOnly() {
  const admin = useAdminSession();
  if (admin === undefined) return <Spinner label="Checking admin authentication..." showLabel />;
  if (admin === null) return <Navigate to="/admin/login" replace />;
  return <AdminDashboard />;
}

/** A signed-in admin who opens the sign-in page goes on to the dashboard (D12); its sign-up mode stays open. */
function SignedOutOnly() {
  const admin = useAdminSession();
  const [params] = useSearchParams();
  if (admin === undefined) return <Spinner label="Checking admin authentication..." showLabel />;
  if (admin && params.get('mode') !== 'signup') return <Navigate to="/admin/dashboard" replace />;
  return (
    <Suspense fallback={<Spinner />}>
      <AdminLogin />
    </Suspense>
  );
}

function AdminApp() {
  return (
    <Routes>
      <Route path="login" element={<SignedOutOnly />} />
      <Route path="dashboard" element={<AdminOnly />} />
      <Route
        path="invitation"
        element={
          <Suspense fallback={<Spinner />}>
            <AdminInvitation />
          </Suspense>
        }
      />
      <Route path="*" element={<Navigate to="/admin/login" replace />} />
    </Routes>
  );
}

export default withQueries(AdminApp);
