// The second factor's screens, shared by the admin sign-in and the practitioners'.
export { CodeForm } from './CodeForm';
export { RecoveryCodes } from './RecoveryCodes';
export { TotpSetup } from './TotpSetup';
export { PasskeyList } from './PasskeyList';
export { registerPasskey, signInWithPasskey } from './passkey-ceremonies';
