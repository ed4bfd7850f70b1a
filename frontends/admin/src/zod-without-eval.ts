import { config } from 'zod';

// The pages' CSP allows no eval, and zod tries `new Function` once to learn whether it may compile
// its parsers: a CSP violation the browser reports on every admin page (Lighthouse's best
// practices). Its settings are global, so this runs before any schema of contracts is made.
config({ jitless: true });
