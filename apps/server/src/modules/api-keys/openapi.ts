import { API_KEY_SCOPE_VIEWS, API_KEY_SCOPES } from '@rumbo/contracts';

// What the OpenAPI page (/api/docs) says of API keys (issue 27 item 5): the bearer scheme and the
// scopes, each with the views it reaches (the routes' `x-views`), written from the scopes' table
// itself so that the page stays true.

export const API_KEY_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  description: [
    'An API key an administrator created (`Authorization: Bearer rk_<id>_<secret>`, shown once, stored hashed).',
    "It reaches the routes a signed-in user does, as far as its scopes go: a route serves the views in its `x-views`, a `:read` scope reaches its views' GETs, a `:write` scope every method of them.",
    "Never users' and roles' administration, sign-in, sessions, the user's own account, the keys or the webhooks (403).",
    'A wrong, revoked or expired key, or one used from an address it does not allow, gets 401; over its rate, 429 with `Retry-After`.',
    '',
    '| scope | views |',
    '|---|---|',
    ...API_KEY_SCOPES.map(
      (scope) =>
        `| \`${scope}\` | ${API_KEY_SCOPE_VIEWS[scope].map((v) => `\`${v}\``).join(', ')} |`,
    ),
    '',
    'README, "API keys", has an example.',
  ].join('\n'),
} as const;
