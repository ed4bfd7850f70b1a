// The pages' CSP allows no eval, and zod tries `new Function` once, as it makes its first object
// schema, to learn whether it may compile its parsers: a CSP violation the browser reports on
// every page whose code makes a schema (Lighthouse's best practices). zod keeps its settings on
// this global so that every copy of it shares them; set here, before any page's code runs, it
// costs the landing page no byte of zod.
(globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
// The page's first calls start beside the downloads of its code. Their list is a chunk of its own,
// which the landing page, asking nothing, does not load.
if (window.location.pathname !== '/') void import('./early-calls').then(({ startPageLoads }) => startPageLoads(window.location));
// Module Federation needs an async boundary before shared modules are used.
void import('./bootstrap');
