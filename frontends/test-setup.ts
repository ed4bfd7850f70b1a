import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/react';
import { queryClient as adminQueries } from './admin/src/queries';
import { queryClient as portalQueries } from './portal/src/queries';

// How long a findBy or waitFor looks before it fails (each still returns as soon as the page is
// there): Testing Library's 1 s is less than a render can take on a 2-core machine while the
// whole suite, its browsers and its servers run beside it.
configure({ asyncUtilTimeout: 5000 });

// react-router 7 needs these, and jsdom lacks them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Each test starts with empty server-state caches, as a fresh page load does.
afterEach(() => {
  portalQueries.clear();
  adminQueries.clear();
});
