import { useState } from 'react';
import {
  FEEDBACK_COMPONENTS,
  FEEDBACK_MESSAGES,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  formatIndianDateTime,
  type FeedbackItem,
} from '@portal/contracts';
import { Button, Modal, SelectField } from '@portal/ui';
import { ScrollArea } from '@portal/ui/scroll-area';
import { HeaderRow } from '../../../components/HeaderRow';
import { day } from '../../../lib/format';
import { useDeleteFeedback, useUpdateFeedback, type FeedbackFilter, type useFeedback } from '../api';
import { adminMayNow } from '../../../admin-session';

export const PREVIEW_LENGTH = 100;
/** The message as the table shows it: 100 characters, then an ellipsis (behaviour.md §9). */
export const preview = (message: string) => (message.length > PREVIEW_LENGTH ? `${message.slice(0, PREVIEW_LENGTH)}…` : message);

function ManageFeedback({ item, onClose }: { item: FeedbackItem; onClose: () => void }) {
  const mayManage = adminMayNow('manage-feedback');
  const [status, setStatus] = useState(item.status);
  const [notes, setNotes] = useState(item.adminNotes);
  const updating = useUpdateFeedback();
  const deleting = useDeleteFeedback();
  async function update() {
    try {
      await updating.mutateAsync({ id: item._id, status, adminNotes: notes || '' });
      window.alert(FEEDBACK_MESSAGES.updated);
      onClose();
    } catch {
      window.alert('Failed to update feedback');
    }
  }
  async function remove() {
    if (!window.confirm('Are you sure you want to delete this feedback? This cannot be undone.')) return;
    try {
      await deleting.mutateAsync(item._id);
      window.alert(FEEDBACK_MESSAGES.deleted);
      onClose();
    } catch {
      window.alert('Failed to delete feedback');
    }
  }
  return (
    <Modal title="Manage feedback" onClose={onClose}>
      <dl className="details">
        <dt>User</dt>
        <dd>{item.userEmail}</dd>
        <dt>Component</dt>
        <dd>{item.component}</dd>
        <dt>Type</dt>
        <dd>{item.type}</dd>
        <dt>Submitted</dt>
        <dd>{formatIndianDateTime(item.timestamp)}</dd>
      </dl>
      <p className="pre-wrap">{item.message}</p>
      <SelectField
        label="Status"
        value={status}
        onChange={(e) => setStatus(e.target.value as FeedbackItem['status'])}
        options={FEEDBACK_STATUSES}
      />
      <div className="field">
        <label htmlFor="feedback-notes">Admin notes (internal, not visible to the user)</label>
        <textarea id="feedback-notes" rows={4} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </div>
      {item.status === 'resolved' && (
        <p className="muted">
          Resolved on {day(item.resolvedAt ?? null)} by {item.resolvedBy}
        </p>
      )}
      <div className="row row-between">
        {mayManage ? (
          <Button variant="danger" onClick={() => void remove()}>
            Delete Feedback
          </Button>
        ) : (
          <span />
        )}
        <div className="row">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {mayManage && <Button onClick={() => void update()}>Update Feedback</Button>}
        </div>
      </div>
    </Modal>
  );
}

export function FeedbackTab({ feedback }: { feedback: ReturnType<typeof useFeedback> }) {
  const { items, loading, refresh, filter, setFilter, counts } = feedback;
  const [managing, setManaging] = useState<FeedbackItem | null>(null);
  const select = (name: keyof FeedbackFilter, label: string, values: readonly string[]) => (
    <label>
      {label}{' '}
      <select value={filter[name]} onChange={(e) => setFilter({ ...filter, [name]: e.target.value })}>
        {['all', ...values].map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div>
      <div className="grid">
        {(
          [
            ['Total', counts.total],
            ['Open Issues', counts.open],
            ['Resolved', counts.resolved],
            ['Dismissed', counts.dismissed],
          ] as const
        ).map(([title, value]) => (
          <section key={title} className="card" aria-label={title}>
            <h2 className="metric-label">{title}</h2>
            <p className="metric-value">{value}</p>
          </section>
        ))}
      </div>
      <div className="row stack-top stack-bottom">
        {select('status', 'Status', FEEDBACK_STATUSES)}
        {select('component', 'Component', FEEDBACK_COMPONENTS)}
        {select('type', 'Type', FEEDBACK_TYPES)}
        <Button variant="secondary" disabled={loading} onClick={() => void refresh()}>
          {loading ? 'Loading...' : 'Refresh'}
        </Button>
      </div>
      {items.length === 0 ? (
        <p>No feedback found. Users haven't submitted any feedback yet.</p>
      ) : (
        <ScrollArea label="Feedback">
          <table className="table">
            <HeaderRow columns={['User & Type', 'Component', 'Message', 'Status', 'Date', 'Actions']} />
            <tbody>
              {items.map((item) => (
                <tr key={item._id}>
                  <td>
                    {item.userEmail}
                    <br />
                    <span className="badge">{item.type}</span>
                  </td>
                  <td>{item.component}</td>
                  <td>
                    <bdi>{preview(item.message)}</bdi>
                  </td>
                  <td>{item.status}</td>
                  <td>{day(item.timestamp)}</td>
                  <td>
                    <Button variant="secondary" onClick={() => setManaging(item)}>
                      Manage
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      {managing && <ManageFeedback item={managing} onClose={() => setManaging(null)} />}
    </div>
  );
}
