export * from './storage';
export * from './router';
export * from './api-client';
export * from './page-settings';
export * from './auth-context';
export * from './components/Button';
export * from './components/TextField';
export * from './components/SelectField';
export * from './components/Banner';
export * from './components/ProgressBar';
export * from './components/Tabs';
export * from './components/Modal';
export * from './components/Spinner';
// Pager, ScrollArea, CredentialsForm, the query cache and file saving are subpaths of the package
// (`@portal/ui/pager`, … in package.json's exports), imported only by the remotes that use them:
// whatever this index exports, the landing page downloads.
// The contracts the shell's layout reads that the kit holds anyway (the auth context reads them):
// taken from here, the shell's own chunk does not carry a second copy of them.
export { isAdminPath, isPartnerPath, POLICIES } from '@portal/contracts';
