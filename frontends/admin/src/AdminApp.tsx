import { Navigate, Route, Routes, Spinner } from '@portal/ui';
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

function AdminApp() {
  return (
    <Routes>
      <Route path="login" element={<AdminLogin />} />
      <Route path="dashboard" element={<AdminOnly />} />
      <Route path="*" element={<Navigate to="/admin/login" replace />} />
    </Routes>
  );
}

export default withQueries(AdminApp);
