import { useState } from 'react';
import { USER_DELETION_SCOPE, userDeletedMessage, type AdminUserRow } from '@portal/contracts';
import { Banner, Button, errorMessage, Modal } from '@portal/ui';
import { useDeleteUser } from '../api';

export const DELETE_FAILED = 'Failed to delete user';

/** Says what goes and what stays, then deletes; both buttons wait while it runs (behaviour.md §2, §8). */
export function DeleteUserModal({ user, onClose, onDone }: { user: AdminUserRow; onClose: () => void; onDone: (message: string) => void }) {
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState('');
  const deletion = useDeleteUser();

  async function remove() {
    setDeleting(true);
    setFailure('');
    try {
      await deletion.mutateAsync(user._id);
      onDone(userDeletedMessage(user.email));
    } catch (error) {
      setFailure(errorMessage(error, DELETE_FAILED));
      setDeleting(false);
    }
  }

  return (
    <Modal title="Delete User" onClose={() => !deleting && onClose()}>
      {failure && <Banner kind="error">{failure}</Banner>}
      <p>
        Delete <strong>{user.email}</strong>? This will permanently delete:
      </p>
      <ul>
        {USER_DELETION_SCOPE.removed.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>Kept: {USER_DELETION_SCOPE.kept.join(', ')}.</p>
      <p role="note">
        <strong>This action cannot be undone.</strong>
      </p>
      <div className="row row-end">
        <Button variant="secondary" onClick={onClose} disabled={deleting}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void remove()} disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete User'}
        </Button>
      </div>
    </Modal>
  );
}
