import { lazy, memo, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { AdminUserRow } from '@portal/contracts';
import { Banner, Button, Spinner } from '@portal/ui';
import { Pager } from '@portal/ui/pager';
import { ScrollArea } from '@portal/ui/scroll-area';
import { HeaderRow } from '../../../components/HeaderRow';
import { RenderInSlices } from '../../../components/RenderInSlices';
import { useUsers } from '../api';
import { UserRow, type UserDialog } from './UserRow';

// The dialogs load when one opens: the list shows without their code (the subscription form's schema among it).
const UserDetailsModal = lazy(() => import('./UserDetailsModal').then((module) => ({ default: module.UserDetailsModal })));
const ManageSubscriptionModal = lazy(() =>
  import('./ManageSubscriptionModal').then((module) => ({ default: module.ManageSubscriptionModal })),
);
const DeleteUserModal = lazy(() => import('./DeleteUserModal').then((module) => ({ default: module.DeleteUserModal })));

/** Rows a phone shows without scrolling: they render with the page, the rest right after, a few at a time (RenderInSlices). */
const FIRST_ROWS = 8;
const ROWS_PER_SLICE = 8;

/**
 * Search, the users table and its three actions; a change to a user fetches the list again
 * (users/api.ts). Memoised: the dashboard renders again when the feedback count arrives, the list need not.
 */
/** `paymentsOf` draws a user's payments and partner in their details (the transactions and partners features', chosen by the page). */
export const UsersTab = memo(function UsersTab({ paymentsOf }: { paymentsOf: (userId: string) => ReactNode }) {
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const listing = useUsers(applied, page);
  const list = listing.data;
  // A list that cannot load reads as empty; the failure is logged (behaviour.md §8).
  const users = listing.isError ? [] : (list?.users ?? null);
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const close = useCallback(() => setDialog(null), []);
  // what the last change in a dialog did, as the kit's notice (D10)
  const [notice, setNotice] = useState('');
  const done = useCallback((message: string) => {
    setDialog(null);
    setNotice(message);
  }, []);
  const row = (user: AdminUserRow) => <UserRow key={user._id} user={user} onOpen={setDialog} />;

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
              {users.slice(0, FIRST_ROWS).map(row)}
              <RenderInSlices items={users.slice(FIRST_ROWS)} perSlice={ROWS_PER_SLICE}>
                {row}
              </RenderInSlices>
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
            payments={paymentsOf(dialog.userId)}
          />
        )}
        {dialog?.kind === 'manage' && <ManageSubscriptionModal user={dialog.user} onClose={close} onDone={done} />}
        {dialog?.kind === 'delete' && <DeleteUserModal user={dialog.user} onClose={close} onDone={done} />}
      </Suspense>
    </div>
  );
});
