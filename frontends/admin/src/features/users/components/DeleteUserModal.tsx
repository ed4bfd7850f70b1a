import { useState } from 'react';
import { USER_DELETION_SCOPE, userDeletedMessage, type AdminUserRow } from '@portal/contracts';
import { Button, errorMessage, Modal } from '@portal/ui';
import { useDeleteUser } from '../api';

export const DELETE_FAILED = 'Failed to delete user';

/** Says what goes and what stays, then deletes; both buttons wait while it runs (behaviour.md §2, §8). */
export function DeleteUserModal({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const [deleting, setDeleting] = useState(false);
  const deletion = useDeleteUser();

  async function remove() {
    setDeleting(true);
    try {
      await deletion.mutateAsync(user._id);
      window.alert(userDeletedMessage(user.email));
      onClose();
    } catch (error) {
      window.alert(errorMessage(error, DELETE_FAILED));
      setDeleting(false);
    }
  }

  return (
    <Modal title="Delete User" onClose={() => !deleting && onClose()}>
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
