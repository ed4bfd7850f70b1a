'use strict';

/** Which service answers each route group of the traffic, and which others it calls on the way. */
const ROUTE_GROUPS = {
  status: { service: 'billing', calls: [] },
  plans: { service: 'billing', calls: [] },
  history: { service: 'billing', calls: [] },
  order: { service: 'billing', calls: [] },
  'sign-in': { service: 'auth', calls: [] },
  profile: { service: 'auth', calls: [] },
  feedback: { service: 'feedback', calls: [] },
  usage: { service: 'admin-reporting', calls: [] },
  eligibility: { service: 'download', calls: ['billing'] },
  'eligibility (no plan)': { service: 'download', calls: ['billing'] },
  'admin-users': { service: 'admin-reporting', calls: ['auth', 'billing', 'download'] },
  'admin-export': { service: 'admin-reporting', calls: ['auth', 'billing', 'download'] },
};

/** The groups a service's absence reaches: its own, and those that call it. */
function groupsNeeding(service) {
  return Object.keys(ROUTE_GROUPS).filter(
    (group) => ROUTE_GROUPS[group].service === service || ROUTE_GROUPS[group].calls.includes(service),
  );
}

module.exports = { ROUTE_GROUPS, groupsNeeding };
