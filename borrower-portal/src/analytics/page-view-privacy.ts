/**
 * What a page view may tell the analytics provider (issue 15 follow-up): the path with every secret and id replaced
 * by a placeholder, on the portal's origin, and never a query string or a fragment. Pure.
 *
 * Secret-bearing routes (router.tsx): a single-use token in the path is as good as the thing it opens, so it must
 * never reach a third party, even after consent.
 * - `/Eagreement/:id`: the e-sign link's token (opens the agreement and lets its holder ask for a signing code).
 * - `/Auth/confirm-password/:id`: the password-reset token.
 * Identifying routes: `/User/Loans/:id` and the application steps `/User/newLoan/{Emi,salaryAdvance}/:id/…`.
 * Matched case-insensitively (a wrong-case link is still the same token), and any UUID anywhere becomes `:id`.
 */
export const SECRET_PLACEHOLDER = ':token';
export const ID_PLACEHOLDER = ':id';

type Rule = { route: string; pattern: RegExp; placeholder: string };

/** Each parameterised route of router.tsx whose parameter is a secret or an id, and what replaces it. */
export const PAGE_VIEW_RULES: readonly Rule[] = [
  { route: '/Eagreement/:id', pattern: /^(\/Eagreement\/)[^/]+/i, placeholder: SECRET_PLACEHOLDER },
  { route: '/Auth/confirm-password/:id', pattern: /^(\/Auth\/confirm-password\/)[^/]+/i, placeholder: SECRET_PLACEHOLDER },
  { route: '/User/Loans/:id', pattern: /^(\/User\/Loans\/)(?!verifypayment(?:\/|$))[^/]+/i, placeholder: ID_PLACEHOLDER },
  { route: '/User/newLoan/:type/:id', pattern: /^(\/User\/newLoan\/[^/]+\/)[^/]+/i, placeholder: ID_PLACEHOLDER },
];

/** The routes whose parameter is public and kept: the quick start's step name, a state page's state and city. */
export const PUBLIC_PARAMETER_ROUTES: readonly string[] = ['/quickStart/components/:step', '/:state/:city'];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The path a page view may carry: no query, no fragment, secrets as `:token`, ids as `:id`. */
export function pageViewPath(path: string): string {
  let pathname = path.split(/[?#]/, 1)[0] || '/';
  for (const rule of PAGE_VIEW_RULES) pathname = pathname.replace(rule.pattern, `$1${rule.placeholder}`);
  return pathname.replace(UUID, ID_PLACEHOLDER);
}

/** `page_location` and `page_path` for the analytics provider: the origin and the safe path, nothing else. */
export function pageViewLocation(origin: string, path: string): { page_location: string; page_path: string } {
  const page_path = pageViewPath(path);
  return { page_location: `${origin}${page_path}`, page_path };
}
