'use strict';

/** Mailpit's messages matching `query` (its search syntax: terms are all required), at most a thousand. */
async function searchInbox(portal, query) {
  const answer = await fetch(`${portal.mailpit.apiUrl}/search?limit=1000&query=${encodeURIComponent(query)}`);
  return (await answer.json()).messages;
}

/**
 * Each expected message (`{what, to, subject}`) with its copies among `messages` (Mailpit's
 * summaries), and what is missing or came twice.
 */
function tally(expected, messages) {
  const found = expected.map((each) => ({
    ...each,
    copies: messages.filter((m) => m.Subject.startsWith(each.subject) && m.To.some((to) => to.Address === each.to)),
  }));
  return {
    found,
    arrived: found.filter((each) => each.copies.length >= 1).length,
    missing: found.filter((each) => each.copies.length === 0).map((each) => each.what),
    twice: found.filter((each) => each.copies.length > 1),
  };
}

module.exports = { searchInbox, tally };
