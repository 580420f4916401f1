/** Where the public status page loads its one script from (same origin, so the CSP's script-src 'self' allows it). */
export const LOCAL_TIMES_PATH = '/status-assets/local-times.js';

/**
 * The script: rewrites each `<time datetime>` of the page into the visitor's own time zone and
 * names that zone in the footer. Without it (scripts off) the page reads in UTC, as it says.
 */
export const LOCAL_TIMES_SCRIPT = `(() => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const format = new Intl.DateTimeFormat(undefined, {
    year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short',
  });
  for (const el of document.querySelectorAll('time[datetime]')) {
    const at = new Date(el.getAttribute('datetime'));
    if (!Number.isNaN(at.getTime())) el.textContent = format.format(at);
  }
  const note = document.getElementById('time-zone');
  if (note && zone) note.textContent = 'Times in ' + zone + '.';
})();
`;

const UTC = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** A `<time>` element for an ISO instant, reading in UTC until the script puts it in the visitor's zone. */
export function timeTag(iso: string, esc: (v: unknown) => string): string {
  const at = new Date(iso);
  const text = Number.isNaN(at.getTime()) ? iso : `${UTC.format(at)} UTC`;
  return `<time datetime="${esc(iso)}">${esc(text)}</time>`;
}
