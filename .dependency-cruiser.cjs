/**
 * Layer rules of the backend (DESIGN.md §2, docs/architecture.md "Layers and the rules that check them"),
 * modelled on Sairyss/domain-driven-hexagon's `.dependency-cruiser.js`. Run by `npm run lint:architecture`
 * and by `.ci/run` before the tests; any `error` fails the run.
 *
 * Paths are relative to the repository root (run depcruise from there).
 * @type {import('dependency-cruiser').IConfiguration}
 */

/** Bounded contexts, today's and the ones the roadmap adds. A new context is added here. */
const contexts = '(identity|lending|communications|origination|collections|content|accounting|privacy)';
const src = '^backend/src/';
const context = `${src}${contexts}/`;
/** Lending's slices, one per stage of a loan's life (docs/architecture.md "Lending's slices"), and its aggregate core. */
const slices = '(pipeline|products|servicing|collections|settlement)';
const lending = `${src}lending/`;
/** A lending slice's folder, when there is one, between the context and its layer (lending/pipeline/domain/). */
const sliceFolder = '(?:(?:loan|pipeline|products|servicing|collections|settlement)/)?';
/** A context's Nest module, or one of lending's slice modules (e.g. lending/lending.module.ts, lending/pipeline/pipeline.module.ts). */
const contextModule = `${context}(?:(?:loan|pipeline|products|servicing|collections|settlement)/)?[^/]+[.]module[.]ts$`;
/** Adapters: what talks to the outside (storage, providers, renderers, read models, jobs), never to a handler. */
const adapterFolders = '(agreements|payments|payouts|statements|borrowers|repository|projections|storage|providers)';
/** Tests (specs beside the code, their helpers and fixtures) may reach into any context to set up a scenario. */
const testFiles = '[.](spec|int-spec|helper|fixture)[.]ts$';
/** Infrastructure a pure domain must not know about. */
const infrastructurePackages = '(^|/)node_modules/(@nestjs|kysely|pg|bullmq|ioredis|socket[.]io|@socket[.]io)/';

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment:
        'A domain folder holds pure business rules: no Nest, no database, no queue, no sockets, no HTTP. ' +
        'Take what it needs (time, actor, outside facts) on the command, and let application/ do the I/O.',
      severity: 'error',
      from: { path: `${src}[^/]+/${sliceFolder}domain/` },
      to: { path: [infrastructurePackages, `${src}platform/http/`] },
    },
    {
      name: 'application-not-to-http',
      comment:
        'Command and query handlers do not know how they are called: nothing from an http/ folder ' +
        '(controllers, request schemas, HTTP problems). Shared list parameters live in platform/query.',
      severity: 'error',
      from: { path: `${src}[^/]+/${sliceFolder}application/` },
      to: { path: `${src}.*/http/` },
    },
    {
      name: 'platform-not-to-contexts',
      comment:
        'platform/ is used by every context and uses none of them (nor the composition root): ' +
        'a context plugs in through PlatformRegistry or a platform port, never the other way round.',
      severity: 'error',
      from: { path: `${src}platform/` },
      to: { path: [context, `${src}app/`, `${src}(main|worker|cli)[.]ts$`] },
    },
    {
      name: 'contexts-meet-through-public',
      comment:
        "A context uses another only through that context's public/ entry (ports, query interfaces, event " +
        'types), never its handlers, repositories or tables. Export what is needed from <context>/public/.',
      severity: 'error',
      from: { path: context, pathNot: [testFiles, contextModule] },
      to: { path: context, pathNot: [`${src}$1/`, `${context}public/`] },
    },
    {
      name: 'context-modules-wire-through-modules',
      comment:
        "A context's Nest module may import another context's Nest module (that is how Nest hands over the " +
        'providers the other exports, which must be its public ports) and its public/ entry; nothing else of it.',
      severity: 'error',
      from: { path: contextModule },
      to: { path: context, pathNot: [`${src}$1/`, `${context}public/`, contextModule] },
    },
    {
      name: 'lending-slices-meet-through-the-loan',
      comment:
        'A lending slice (pipeline, products, servicing, collections, settlement) imports only the aggregate core ' +
        "(lending/loan), itself, lending/public and other contexts' public entries: never another slice. What two " +
        "slices share moves down into lending/loan, or the aggregate hands it in (loan.decide passes settlement's " +
        "payment rules to servicing's decider).",
      severity: 'error',
      from: { path: `${lending}${slices}/`, pathNot: testFiles },
      to: { path: lending, pathNot: [`${lending}$1/`, `${lending}loan/`, `${lending}public/`] },
    },
    {
      name: 'loan-core-sits-below-the-slices-handlers',
      comment:
        "The aggregate (lending/loan) composes the slices' domain (their events, commands, evolve and deciders) and " +
        "nothing above it: no slice handler, controller, projection or module (but products' module, which provides " +
        'the LoanProducts port the executor asks).',
      severity: 'error',
      from: { path: `${lending}loan/`, pathNot: testFiles },
      to: { path: `${lending}${slices}/`, pathNot: [`${lending}${slices}/domain/`, `${lending}products/products[.]module[.]ts$`] },
    },
    {
      name: 'lending-module-is-a-table-of-contents',
      comment:
        "lending.module.ts only imports modules (the slices', and the ports module that binds origination's quick-start " +
        'ports): each slice wires its own handlers, controllers and jobs.',
      severity: 'error',
      from: { path: `${lending}lending[.]module[.]ts$` },
      to: { path: src, pathNot: [`${lending}[^/]+/[^/]+[.]module[.]ts$`, `${lending}[^/]+[.]module[.]ts$`] },
    },
    {
      name: 'adapters-do-not-import-handlers',
      comment:
        'An adapter (a repository, a provider, a renderer, a projection, a job) is called by handlers, never the other ' +
        'way round: move what it needs from a handler file into the domain or an application service.',
      severity: 'error',
      from: { path: `${src}.*/${adapterFolders}/`, pathNot: testFiles },
      to: { path: `[.]handlers?[.]ts$` },
    },
    {
      name: 'shipped-code-not-to-tests-or-bench',
      comment: 'What ships (backend/src) never imports test code or the benchmarks (backend/test, backend/bench).',
      severity: 'error',
      from: { path: src, pathNot: testFiles },
      to: { path: ['^backend/(test|bench)/', testFiles] },
    },
    {
      name: 'no-circular',
      comment:
        'This import is part of a cycle. Break it by moving the shared part down a layer or by inverting the ' +
        'dependency (a port in the lower layer); never with forwardRef.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that cannot be resolved to a file would slip past every rule above: fix the path, or ' + 'declare the package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies too: a domain file importing a Nest type is still coupled to Nest.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
