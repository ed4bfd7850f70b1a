import { lazy, Suspense, useState } from 'react';
import { lastIndianDays, TRANSACTIONS_DEFAULT_DAYS } from '@portal/contracts';
import { Button, session, Spinner, useNavigate, useSearchParams } from '@portal/ui';
import { AdminNav } from '../components/AdminNav';
import { AnalyticsTab } from '../features/analytics/components/AnalyticsTab';
import { ExportMenu } from '../features/exports/components/ExportMenu';
import { useFeedback } from '../features/feedback/api';
import { adminLogout } from '../features/session/api';
import { adminMayNow } from '../admin-session';
import { UsersTab } from '../features/users/components/UsersTab';
import '../admin.css';

// loaded with a user's details, as it was when the users feature drew it
const UserPayments = lazy(() =>
  import('../features/transactions/components/UserPayments').then((module) => ({ default: module.UserPayments })),
);
const UserPartner = lazy(() => import('../features/partners/components/UserPartner').then((module) => ({ default: module.UserPartner })));
const paymentsOf = (userId: string) => (
  <>
    <UserPayments userId={userId} />
    <UserPartner userId={userId} />
  </>
);

// The dashboard's and the users' sections, the two an admin opens most, come with the page (the
// users' list without its dialogs); each other section loads when it is opened.
const TransactionsTab = lazy(() =>
  import('../features/transactions/components/TransactionsTab').then((module) => ({ default: module.TransactionsTab })),
);
const MandatesTab = lazy(() => import('../features/mandates/components/MandatesTab').then((module) => ({ default: module.MandatesTab })));
const FeedbackTab = lazy(() => import('../features/feedback/components/FeedbackTab').then((module) => ({ default: module.FeedbackTab })));
const FirmsTab = lazy(() => import('../features/firms/components/FirmsTab').then((module) => ({ default: module.FirmsTab })));
const AuditTab = lazy(() => import('../features/audit/components/AuditTab').then((module) => ({ default: module.AuditTab })));
const PasskeysTab = lazy(() => import('../features/passkeys/components/PasskeysTab').then((module) => ({ default: module.PasskeysTab })));
const PromotionsTab = lazy(() =>
  import('../features/promotions/components/PromotionsTab').then((module) => ({ default: module.PromotionsTab })),
);
const BankTransfersTab = lazy(() =>
  import('../features/bank-transfers/components/BankTransfersTab').then((module) => ({ default: module.BankTransfersTab })),
);
const ReleasesTab = lazy(() => import('../features/releases/components/ReleasesTab').then((module) => ({ default: module.ReleasesTab })));
const PartnersTab = lazy(() => import('../features/partners/components/PartnersTab').then((module) => ({ default: module.PartnersTab })));
const WebhooksTab = lazy(() => import('../features/webhooks/components/WebhooksTab').then((module) => ({ default: module.WebhooksTab })));
const AdminsTab = lazy(() => import('../features/admins/components/AdminsTab').then((module) => ({ default: module.AdminsTab })));

const TABS = [
  'dashboard',
  'users',
  'firms',
  'transactions',
  'mandates',
  'promotions',
  'bank-transfers',
  'partners',
  'releases',
  'webhooks',
  'feedback',
  'audit',
  'admins',
  'sign-in',
] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

export default function AdminDashboard() {
  const navigate = useNavigate();
  // Each section has its own address (?tab=users): a reload, a shared link or Back returns to it.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const owner = adminMayNow('manage-admins');
  const webhooks = adminMayNow('manage-webhooks');
  const ownersOnly = (requested === 'admins' && !owner) || (requested === 'webhooks' && !webhooks);
  const tab: Tab = isTab(requested) && !ownersOnly ? requested : 'dashboard';
  const setTab = (next: Tab) => setParams(next === 'dashboard' ? {} : { tab: next });
  // The transactions export uses the same range as the tab's filters: the last 30 Indian days by default.
  const [range, setRange] = useState(() => lastIndianDays(TRANSACTIONS_DEFAULT_DAYS));
  // Fetched here, not in the tab, so the tab's badge shows the open count from the start.
  const feedback = useFeedback();
  return (
    <main className="content" style={{ maxWidth: 'none' }}>
      <header className="row row-between">
        <div>
          <h1>Admin Dashboard</h1>
          <p className="muted">Manage users, subscriptions, and analytics</p>
        </div>
        <div className="admin-actions">
          <ExportMenu transactionsRange={range} />
          <Button
            onClick={async () => {
              await adminLogout();
              session.clearAdmin();
              window.dispatchEvent(new Event('admin-session'));
              navigate('/admin/login');
            }}
          >
            Logout
          </Button>
        </div>
      </header>
      <div className="admin-layout">
        <AdminNav
          active={tab}
          onChange={setTab}
          groups={[
            { label: 'Overview', sections: [{ id: 'dashboard', label: 'Dashboard' }] },
            {
              label: 'Customers',
              sections: [
                { id: 'users', label: 'User Management' },
                { id: 'firms', label: 'Firms' },
                {
                  id: 'feedback',
                  label: (
                    <>
                      App Feedback{' '}
                      {feedback.counts.open > 0 && (
                        <span className="badge badge-red" aria-label={`${feedback.counts.open} open`}>
                          {feedback.counts.open}
                        </span>
                      )}
                    </>
                  ),
                },
              ],
            },
            {
              label: 'Money',
              sections: [
                { id: 'transactions', label: 'Transactions' },
                { id: 'mandates', label: 'Mandates' },
                { id: 'bank-transfers', label: 'Bank transfers' },
                { id: 'promotions', label: 'Promotions' },
                { id: 'partners', label: 'Partners' },
              ],
            },
            {
              label: 'Product',
              sections: [{ id: 'releases', label: 'Releases' }, ...(webhooks ? [{ id: 'webhooks' as const, label: 'Webhooks' }] : [])],
            },
            {
              label: 'Team',
              sections: [
                { id: 'audit', label: 'Audit Log' },
                // only an owner manages the seller's staff
                ...(owner ? [{ id: 'admins' as const, label: 'Admins' }] : []),
                { id: 'sign-in', label: 'My sign-in' },
              ],
            },
          ]}
        />
        <div className="admin-section">
          {tab === 'dashboard' && <AnalyticsTab />}
          {tab === 'users' && <UsersTab paymentsOf={paymentsOf} />}
          <Suspense fallback={<Spinner label="Loading…" />}>
            {tab === 'firms' && <FirmsTab />}
            {tab === 'transactions' && <TransactionsTab range={range} onRange={setRange} />}
            {tab === 'mandates' && <MandatesTab />}
            {tab === 'promotions' && <PromotionsTab />}
            {tab === 'bank-transfers' && <BankTransfersTab />}
            {tab === 'partners' && <PartnersTab />}
            {tab === 'releases' && <ReleasesTab />}
            {tab === 'webhooks' && <WebhooksTab />}
            {tab === 'feedback' && <FeedbackTab feedback={feedback} />}
            {tab === 'audit' && <AuditTab />}
            {tab === 'admins' && <AdminsTab />}
            {tab === 'sign-in' && <PasskeysTab />}
          </Suspense>
        </div>
      </div>
    </main>
  );
}
