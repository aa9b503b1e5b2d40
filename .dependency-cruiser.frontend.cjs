/**
 * Boundaries of the frontends (DESIGN.md §2: the admin console and the borrower portal share what they share through
 * packages/web-common). Run by `npm run lint:architecture` after the backend's rules, and by `.ci/run` before the
 * tests; any `error` fails the run. The cycle and unresolvable-import rules and the resolver options are the
 * backend's own (.dependency-cruiser.cjs), taken from there rather than written again.
 *
 * Paths are relative to the repository root (run depcruise from there).
 * @type {import('dependency-cruiser').IConfiguration}
 */
const backend = require('./.dependency-cruiser.cjs');

const apps = '^(admin-console|borrower-portal)/';
const webCommon = '^packages/web-common/';
/** What only one app's shell uses: react-admin and MUI in the console, react-router and Firebase in the portal. */
const appFrameworks = '(^|/)node_modules/(react-admin|ra-[^/]+|@mui|@emotion|react-router|react-router-dom|firebase|@firebase)/';

/** The backend's rules that hold for any code, by name; a rename there fails here rather than dropping the rule. */
function sharedRule(name) {
  const rule = backend.forbidden.find((candidate) => candidate.name === name);
  if (!rule) throw new Error(`.dependency-cruiser.cjs has no rule "${name}" for the frontends to share`);
  return rule;
}

module.exports = {
  forbidden: [
    {
      name: 'apps-apart',
      comment:
        'The console and the portal never import each other: what both need moves down to packages/web-common ' +
        'and each imports it from there (@lending/web-common/...).',
      severity: 'error',
      from: { path: apps },
      to: { path: apps, pathNot: '^$1/' },
    },
    {
      name: 'web-common-not-to-apps',
      comment: 'packages/web-common is below both apps: it imports neither. Pass what differs in (props, parts, callbacks).',
      severity: 'error',
      from: { path: webCommon },
      to: { path: apps },
    },
    {
      name: 'web-common-framework-neutral',
      comment:
        "packages/web-common serves both shells, so it uses neither's framework (react-admin, MUI, react-router, " +
        'Firebase): a shared component takes the pieces that differ (table parts, a status badge) from the app.',
      severity: 'error',
      from: { path: webCommon },
      to: { path: appFrameworks },
    },
    sharedRule('no-circular'),
    sharedRule('not-to-unresolvable'),
  ],
  options: backend.options,
};
