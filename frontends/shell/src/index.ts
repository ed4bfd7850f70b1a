// The page's first calls start beside the downloads of its code. Their list is a chunk of its own,
// which the landing page, asking nothing, does not load.
if (window.location.pathname !== '/') void import('./early-calls').then(({ startPageLoads }) => startPageLoads(window.location));
// Module Federation needs an async boundary before shared modules are used.
void import('./bootstrap');
