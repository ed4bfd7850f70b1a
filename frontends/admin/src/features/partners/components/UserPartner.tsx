import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatIndianDate } from '@portal/contracts';
import { api, Banner, Button, errorMessage, SelectField, Spinner, TextField } from '@portal/ui';
import { adminMayNow } from '../../../admin-session';
import { usePartners } from '../api';

type MyPartner = { partner: { legalName: string; code: string; since: string } | null; message?: string };

const NONE = 'No partner';

/** The user-details dialog's partner: who serves the customer, and an owner's change of it, with the reason the audit keeps. */
export function UserPartner({ userId }: { userId: string }) {
  const key = ['user-partner', userId];
  const queries = useQueryClient();
  const current = useQuery({ queryKey: key, queryFn: async () => (await api.get<MyPartner>(`/api/admin/users/${userId}/partner`)).data });
  const manage = adminMayNow('manage-partners');
  const partners = usePartners();
  const [chosen, setChosen] = useState(NONE);
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const assign = useMutation({
    mutationFn: async (body: { partnerId: string | null; reason: string }) =>
      (await api.put<MyPartner>(`/api/admin/users/${userId}/partner`, body)).data,
    onSuccess: (data) => queries.setQueryData(key, { partner: data.partner }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const partnerId = partners.data?.partners.find((partner) => partner.legalName === chosen)?.id ?? null;
    try {
      setOutcome({ kind: 'success', text: (await assign.mutateAsync({ partnerId, reason })).message ?? 'Saved.' });
      setReason('');
    } catch (failure) {
      setOutcome({ kind: 'error', text: errorMessage(failure, 'The partner could not be changed.') });
    }
  }

  return (
    <section aria-label="Partner">
      <h3>Partner</h3>
      {current.isPending && <Spinner />}
      {current.data &&
        (current.data.partner ? (
          <p>
            {current.data.partner.legalName} ({current.data.partner.code}), since {formatIndianDate(current.data.partner.since)}
          </p>
        ) : (
          <p className="muted">No partner: the seller serves them directly.</p>
        ))}
      {outcome && <Banner kind={outcome.kind}>{outcome.text}</Banner>}
      {manage && partners.data && (
        <form className="row" onSubmit={submit}>
          <SelectField
            label="Change the partner to"
            options={[NONE, ...partners.data.partners.map((partner) => partner.legalName)]}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          />
          <TextField label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} />
          <Button type="submit" variant="secondary" disabled={assign.isPending || reason.trim().length < 3}>
            Change partner
          </Button>
        </form>
      )}
    </section>
  );
}
