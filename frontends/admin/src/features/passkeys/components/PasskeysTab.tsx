import { PasskeyList } from '@portal/ui/second-factor';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api';

/** The signed-in admin's own sign-in: passkeys that can stand in for the authenticator's code. */
export function PasskeysTab() {
  const passkeys = usePasskeys();
  const adding = useAddPasskey();
  const removing = useRemovePasskey();
  return (
    <section aria-label="My sign-in">
      <PasskeyList passkeys={passkeys.data} adding={adding.isPending} onAdd={adding.mutateAsync} onRemove={removing.mutateAsync} />
    </section>
  );
}
