import { useCallback, useEffect, useState } from 'react';
import { FEEDBACK_COMPONENTS, FEEDBACK_STATUSES, FEEDBACK_TYPES, type FeedbackItem } from '@portal/contracts';
import { api, Button, Modal, ScrollArea, SelectField } from '@portal/ui';
import { HeaderRow } from './HeaderRow';

export const PREVIEW_LENGTH = 100;
/** The message as the table shows it: 100 characters, then an ellipsis (spec §9). */
export const preview = (message: string) => (message.length > PREVIEW_LENGTH ? `${message.slice(0, PREVIEW_LENGTH)}…` : message);

type Filter = { status: string; component: string; type: string };

/** The feedback list, refetched on demand; its counters are computed from what was fetched (spec §3). */
export function useFeedback() {
  const [filter, setFilter] = useState<Filter>({ status: 'all', component: 'all', type: 'all' });
  const [items, setItems] = useState<FeedbackItem[]>([]);
  const [loading, setLoading] = useState(false);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const params = Object.fromEntries(Object.entries({ ...filter, limit: '100' }).filter(([, value]) => value !== 'all'));
      const { data } = await api.get<{ feedback: FeedbackItem[] }>('/api/admin/feedback', { params });
      setItems(data.feedback);
    } catch (error) {
      console.warn('feedback could not be loaded', error); // logged only (spec §8)
    } finally {
      setLoading(false);
    }
  }, [filter]);
  useEffect(() => {
    void load();
  }, [load]);
  const count = (status: string) => items.filter((item) => item.status === status).length;
  return {
    items,
    loading,
    load,
    filter,
    setFilter,
    counts: { total: items.length, open: count('open'), resolved: count('resolved'), dismissed: count('dismissed') },
  };
}

function ManageFeedback({ item, onClose, onChanged }: { item: FeedbackItem; onClose: () => void; onChanged: () => void }) {
  const [status, setStatus] = useState(item.status);
  const [notes, setNotes] = useState(item.adminNotes);
  async function update() {
    try {
      await api.put(`/api/admin/feedback/${item._id}`, { status, adminNotes: notes || '' });
      window.alert('Feedback updated successfully!');
      onChanged();
      onClose();
    } catch {
      window.alert('Failed to update feedback');
    }
  }
  async function remove() {
    if (!window.confirm('Are you sure you want to delete this feedback? This cannot be undone.')) return;
    try {
      await api.delete(`/api/admin/feedback/${item._id}`);
      window.alert('Feedback deleted successfully');
      onChanged();
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
        <dd>{new Date(item.timestamp).toLocaleString('en-IN')}</dd>
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
          Resolved on {item.resolvedAt?.slice(0, 10)} by {item.resolvedBy}
        </p>
      )}
      <div className="row row-between">
        <Button variant="danger" onClick={() => void remove()}>
          Delete Feedback
        </Button>
        <div className="row">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void update()}>Update Feedback</Button>
        </div>
      </div>
    </Modal>
  );
}

export function FeedbackTab({ feedback }: { feedback: ReturnType<typeof useFeedback> }) {
  const { items, loading, load, filter, setFilter, counts } = feedback;
  const [managing, setManaging] = useState<FeedbackItem | null>(null);
  const select = (name: keyof Filter, label: string, values: readonly string[]) => (
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
            <h2>{title}</h2>
            <p className="price">{value}</p>
          </section>
        ))}
      </div>
      <div className="row stack-top stack-bottom">
        {select('status', 'Status', FEEDBACK_STATUSES)}
        {select('component', 'Component', FEEDBACK_COMPONENTS)}
        {select('type', 'Type', FEEDBACK_TYPES)}
        <Button variant="secondary" disabled={loading} onClick={() => void load()}>
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
                  <td>{preview(item.message)}</td>
                  <td>{item.status}</td>
                  <td>{item.timestamp.slice(0, 10)}</td>
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
      {managing && <ManageFeedback item={managing} onClose={() => setManaging(null)} onChanged={() => void load()} />}
    </div>
  );
}
