import { lazy, Suspense, useCallback, useState } from 'react';
import { planLabel, subscriptionStatusLabel, type AdminUserRow } from '@portal/contracts';
import { Banner, Button, ProgressBar, Spinner } from '@portal/ui';
import { Pager } from '@portal/ui/pager';
import { ScrollArea } from '@portal/ui/scroll-area';
import { HeaderRow } from '../../../components/HeaderRow';
import { useUsers } from '../api';
import { daysLabel } from '../user-labels';

// The dialogs load when one opens: the list shows without their code (the subscription form's schema among it).
const UserDetailsModal = lazy(() => import('./UserDetailsModal').then((module) => ({ default: module.UserDetailsModal })));
const ManageSubscriptionModal = lazy(() =>
  import('./ManageSubscriptionModal').then((module) => ({ default: module.ManageSubscriptionModal })),
);
const DeleteUserModal = lazy(() => import('./DeleteUserModal').then((module) => ({ default: module.DeleteUserModal })));

type Dialog = { kind: 'details'; userId: string } | { kind: 'manage' | 'delete'; user: AdminUserRow } | null;

/** Search, the users table and its three actions; a change to a user fetches the list again (users/api.ts). */
export function UsersTab() {
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const listing = useUsers(applied, page);
  const list = listing.data;
  // A list that cannot load reads as empty; the failure is logged (behaviour.md §8).
  const users = listing.isError ? [] : (list?.users ?? null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = useCallback(() => setDialog(null), []);
  // what the last change in a dialog did, as the kit's notice (D10)
  const [notice, setNotice] = useState('');
  const done = useCallback((message: string) => {
    setDialog(null);
    setNotice(message);
  }, []);

  return (
    <div>
      {notice && (
        <Banner key={notice} kind="success" onDone={() => setNotice('')}>
          {notice}
        </Banner>
      )}
      <form
        className="row"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          if (search === applied) void listing.refetch();
          else setApplied(search);
        }}
      >
        <input
          type="search"
          aria-label="Search users"
          placeholder="Search users by email, name, mobile, or city..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="input search"
        />
        <Button type="submit">Search</Button>
      </form>
      {users === null ? (
        <Spinner />
      ) : users.length === 0 ? (
        <p>No users found. Try searching with different criteria.</p>
      ) : (
        <ScrollArea label="Users">
          <table className="table">
            <HeaderRow columns={['User', 'Contact', 'Plan', 'Status', 'Profile', 'Days Remaining', 'Actions']} />
            <tbody>
              {users.map((user) => (
                <tr key={user._id}>
                  <td>
                    <bdi>{user.email}</bdi>
                    <br />
                    {/* what people wrote is isolated, so that no character in it turns the row around (D8) */}
                    <bdi className="muted">{user.displayName}</bdi> {user.isGoogleUser && <span className="badge">Google</span>}
                  </td>
                  <td>
                    {user.personalInfo.mobileNumber ?? 'No mobile'}
                    <br />
                    <span className="muted">
                      {user.personalInfo.address ? (
                        <bdi>{`${user.personalInfo.address.city}, ${user.personalInfo.address.state}`}</bdi>
                      ) : (
                        'No address'
                      )}
                    </span>
                  </td>
                  <td>{planLabel(user.subscriptionPlan)}</td>
                  <td>{subscriptionStatusLabel(user.subscriptionStatus)}</td>
                  <td>
                    <ProgressBar value={user.profileCompletionPercentage} label={`Profile of ${user.email}`} />
                    {user.profileCompletionPercentage}%
                  </td>
                  <td>{daysLabel(user)}</td>
                  <td>
                    <div className="row">
                      <Button
                        variant="link"
                        aria-label={`View details of ${user.email}`}
                        onClick={() => setDialog({ kind: 'details', userId: user._id })}
                      >
                        View Details
                      </Button>
                      <Button variant="link" aria-label={`Manage ${user.email}`} onClick={() => setDialog({ kind: 'manage', user })}>
                        Manage
                      </Button>
                      <Button variant="link" aria-label={`Delete ${user.email}`} onClick={() => setDialog({ kind: 'delete', user })}>
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list && <Pager paged={list} onPage={setPage} label="Pages of users" />}
        </ScrollArea>
      )}
      <Suspense fallback={<Spinner label="Opening…" />}>
        {dialog?.kind === 'details' && (
          <UserDetailsModal
            userId={dialog.userId}
            onClose={close}
            onManage={(user) => setDialog({ kind: 'manage', user })}
            onDelete={(user) => setDialog({ kind: 'delete', user })}
          />
        )}
        {dialog?.kind === 'manage' && <ManageSubscriptionModal user={dialog.user} onClose={close} onDone={done} />}
        {dialog?.kind === 'delete' && <DeleteUserModal user={dialog.user} onClose={close} onDone={done} />}
      </Suspense>
    </div>
  );
}
