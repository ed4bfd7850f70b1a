import { Navigate, Route, Routes, Spinner, useSearchParams } from '@portal/ui';
import { useAdminSession } from './admin-session';
import AdminDashboard from './pages/AdminDashboard';
import AdminLogin from './pages/AdminLogin';
import { withQueries } from './queries';

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
  return <AdminLogin />;
}

function AdminApp() {
  return (
    <Routes>
      <Route path="login" element={<SignedOutOnly />} />
      <Route path="dashboard" element={<AdminOnly />} />
      <Route path="*" element={<Navigate to="/admin/login" replace />} />
    </Routes>
  );
}

export default withQueries(AdminApp);
