import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, Spinner } from '@portal/ui';
import { usePartnerSession } from './partner-session';
import { withQueries } from './queries';

const PartnerSignIn = lazy(() => import('./pages/PartnerSignIn'));
const PartnerArea = lazy(() => import('./pages/PartnerArea'));

/** /partner: the staff member's sign-in, or their area once signed in. */
function Entry({ area }: { area: boolean }) {
  const staff = usePartnerSession();
  if (staff === undefined) return <Spinner label="Checking your partner sign-in…" showLabel />;
  if (area && !staff) return <Navigate to="/partner" replace />;
  if (!area && staff) return <Navigate to="/partner/area" replace />;
  return <Suspense fallback={<Spinner />}>{area ? <PartnerArea /> : <PartnerSignIn />}</Suspense>;
}

function PartnerApp() {
  return (
    <Routes>
      <Route index element={<Entry area={false} />} />
      <Route path="area" element={<Entry area />} />
      <Route path="*" element={<Navigate to="/partner" replace />} />
    </Routes>
  );
}

export default withQueries(PartnerApp);
