import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { queryClient as adminQueries } from './admin/src/queries';
import { queryClient as portalQueries } from './portal/src/queries';

// react-router 7 needs these, and jsdom lacks them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Each test starts with empty server-state caches, as a fresh page load does.
afterEach(() => {
  portalQueries.clear();
  adminQueries.clear();
});
