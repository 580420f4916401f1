/** The import rules of the codebase, run by `npm run lint`; docs/architecture.md has the map they keep. */
const SERVER = '^apps/server/src/';
/** Every domain folder of the server. */
const DOMAINS = `${SERVER}(agents|applications|apply|artifacts|catalog|connections|events|health|identity|importers|incidents|jobs|live|logs|maintenance|notifications|playbooks|rest|statusPages|system|topology|views|workers)/`;
/** What sits below every domain. */
const FOUNDATIONS = `${SERVER}((db|expr|sandbox|rbac|threads|crypto)/|(context|errors|auth|cidr|clock|abort|boundedMap|resourceHealth)\\.ts$)`;
module.exports = {
  forbidden: [
    {
      name: 'health-through-its-index',
      comment: 'Other server folders use health only through health/index.ts, its public module.',
      severity: 'error',
      from: { path: SERVER, pathNot: `${SERVER}health/` },
      to: { path: `${SERVER}health/`, pathNot: `${SERVER}health/index\\.ts$` },
    },
    {
      name: 'integrations-import-no-domain',
      comment: 'Shared clients (HTTP, SQL, Kubernetes, git, files) know no domain, so every domain can use them.',
      severity: 'error',
      from: { path: `${SERVER}integrations/` },
      to: {
        path: SERVER,
        pathNot: `${SERVER}(integrations/|sandbox/|abort\\.ts$|boundedMap\\.ts$|clock\\.ts$|rest/secrets\\.ts$)`,
      },
    },
    {
      name: 'identity-through-its-index',
      comment:
        'Other server folders use identity only through identity/index.ts (the configuration loader reads its config).',
      severity: 'error',
      from: { path: SERVER, pathNot: [`${SERVER}identity/`, `${SERVER}config\\.ts$`] },
      to: { path: `${SERVER}identity/`, pathNot: `${SERVER}identity/index\\.ts$` },
    },
    {
      name: 'agents-through-its-index',
      comment:
        'Other server folders use agents only through agents/index.ts (the configuration loader reads its config).',
      severity: 'error',
      from: { path: SERVER, pathNot: [`${SERVER}agents/`, `${SERVER}config\\.ts$`] },
      to: { path: `${SERVER}agents/`, pathNot: `${SERVER}agents/index\\.ts$` },
    },
    {
      name: 'schema-stands-alone',
      comment: 'The shared schemas are read by server, web and CLI: they import neither.',
      severity: 'error',
      from: { path: '^packages/schema/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-and-server-apart',
      comment: 'The web app and the server share code only through packages/schema.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-and-web-apart',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'web-ui-below-features',
      comment: 'ui/ holds widgets every feature uses; it imports no feature.',
      severity: 'error',
      from: { path: '^apps/web/src/ui/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'foundations-import-no-domain',
      comment:
        'db, expr, sandbox, rbac, threads, crypto, the request context, domain errors and the small helpers sit below every domain and below http/: they import neither.',
      severity: 'error',
      from: { path: FOUNDATIONS },
      to: { path: [DOMAINS, `${SERVER}http/`, `${SERVER}app\\.ts$`] },
    },
    {
      name: 'foundations-below-integrations',
      comment:
        'The shared clients build on the foundations (the sandbox runs git); the foundations never reach up to a client.',
      severity: 'error',
      from: { path: FOUNDATIONS },
      to: { path: `${SERVER}integrations/` },
    },
    {
      name: 'domains-not-into-http',
      comment:
        'Domains throw DomainErrors (errors.ts) and take the AppContext (context.ts); only the composition root and the configuration loader use http/.',
      severity: 'error',
      from: { path: SERVER, pathNot: [`${SERVER}http/`, `${SERVER}app\\.ts$`, `${SERVER}config\\.ts$`] },
      to: { path: `${SERVER}http/` },
    },
    {
      name: 'http-imports-no-domain',
      comment:
        'http/ is plumbing (auth hook, error handler, origin check, headers, metrics, logs): the root hands it what a domain knows.',
      severity: 'error',
      from: { path: `${SERVER}http/` },
      to: { path: [DOMAINS, `${SERVER}app\\.ts$`] },
    },
    {
      name: 'app-is-the-root',
      comment: 'Only the server, the CLI and the package entry (and tests) build the app; nothing below imports it.',
      severity: 'error',
      from: { path: SERVER, pathNot: `${SERVER}(server\\.ts|index\\.ts|cli/)` },
      to: { path: `${SERVER}app\\.ts$` },
    },
    {
      name: 'web-foundations-import-no-feature',
      comment: 'The API client and utilities are used by every feature; they import none.',
      severity: 'error',
      from: { path: '^apps/web/src/(api|utils)/' },
      to: { path: '^apps/web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist|\\.d\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
