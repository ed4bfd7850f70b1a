import { PasskeyList } from '@portal/ui/second-factor';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api';

/** The signed-in admin's own sign-in: passkeys that can stand in for the authenticator's code. */
export function PasskeysTab() {
  const passkeys = usePasskeys();
  const adding = useAddPasskey();
  const removing = useRemovePasskey();
  return (
    <section aria-label="My sign-in">
      <PasskeyList
        passkeys={passkeys.data}
        intro="A passkey (Windows Hello, a phone, or a security key) can stand in for the code from your authenticator app when you sign in."
        adding={adding.isPending}
        onAdd={adding.mutateAsync}
        onRemove={removing.mutateAsync}
      />
    </section>
  );
}
