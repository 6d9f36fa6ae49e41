/** Layer rules (docs/design.md "Layers"), checked by `npm run check:layers` (part of `npm test`). */
const RULES_OWN_RECURSION =
  '^libs/rules/src/(actions/(run-action|replace[.]actions|movement[.]actions)|' +
  'pipelines/((damage|death|terrain)[.]pipeline|leave-play|spell-hooks))[.]ts$';

module.exports = {
  forbidden: [
    {
      name: 'rules-is-pure',
      comment: 'libs/rules imports nothing from other libs or apps, and no I/O, Nest or framework module.',
      severity: 'error',
      from: { path: '^libs/rules/src', pathNot: '\\.spec\\.ts$' },
      to: {
        pathNot: ['^libs/rules/src'],
      },
    },
    {
      name: 'libs-do-not-use-apps',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'games-layer-does-not-reach-into-the-verifier',
      comment: 'libs/games and the apps use the verifier through its index (@app/verifier): its files may move freely.',
      severity: 'error',
      from: { path: '^(apps|libs/games)/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^libs/verifier/src/', pathNot: '^libs/verifier/src/index[.]ts$' },
    },
    {
      name: 'event-store-stands-alone',
      comment: 'The store knows nothing of the rules or the application layer.',
      severity: 'error',
      from: { path: '^libs/event-store/src' },
      to: { path: '^libs/(rules|games)/' },
    },
    {
      name: 'rules-no-circular',
      comment:
        "libs/rules has one cycle, the rules' own recursion (an effect deals damage, kills, dispels or moves; damage, " +
        'death, a spell leaving play and a group entering a square fire effects): actions/run-action, replace.actions ' +
        'and movement.actions, the damage, death and terrain pipelines, leave-play and spell-hooks. No other file of ' +
        'libs/rules may be part of a cycle.',
      severity: 'error',
      from: { path: '^libs/rules/src', pathNot: [RULES_OWN_RECURSION, '\\.spec\\.ts$'] },
      to: { circular: true },
    },
    {
      name: 'rules-own-recursion-stays-closed',
      comment: "The cycle of the rules' own recursion passes through its eight files only.",
      severity: 'error',
      from: { path: RULES_OWN_RECURSION },
      to: { circular: true, viaSomeNot: RULES_OWN_RECURSION },
    },
    {
      name: 'api-reads-through-the-application-layer',
      comment:
        'apps/api reaches games through libs/games (GameReads for every read, so that redaction happens in one ' +
        "place): it imports the event store only where it configures the store and where the store's errors " +
        'become HTTP answers.',
      severity: 'error',
      from: { path: '^apps/api/src', pathNot: ['^apps/api/src/(config|errors)/', '\\.spec\\.ts$'] },
      to: { path: '^libs/event-store/' },
    },
    {
      name: 'apps-read-the-scenario-file-through-its-index',
      comment:
        "The apps use the set-up's DTOs, decorators and parser as @app/games exports them (or, where loading the " +
        'whole application layer is too much, as the scenario-file index does): its files may move or merge freely.',
      severity: 'error',
      from: { path: '^apps/' },
      to: { path: '^libs/games/src/scenario-file/', pathNot: '^libs/games/src/scenario-file/index[.]ts$' },
    },
    {
      name: 'networked-stores-load-when-chosen',
      comment:
        'The postgres and EventStoreDB adapters (and their clients, node-postgres and a gRPC stack) are loaded by ' +
        "createStores' dynamic import when configured, so that the service and the CLI on the embedded store do not " +
        'load them: nothing else in apps and libs imports their files (the clients themselves are imported only there).',
      severity: 'error',
      from: {
        path: '^(apps|libs)/',
        pathNot: ['^libs/event-store/src/(postgres|esdb)/', '\\.spec\\.ts$'],
      },
      to: {
        path: '^libs/event-store/src/(postgres|esdb)/',
        dependencyTypesNot: ['dynamic-import', 'type-only'],
      },
    },
    {
      name: 'c2sp-formats-are-portable',
      comment:
        'The C2SP formats (verifier/log/c2sp) run in a browser as they run in Node, cryptography passed in: they ' +
        'import nothing but each other — no Node module, no framework, no other file of the project.',
      severity: 'error',
      from: { path: '^libs/verifier/src/log/c2sp/', pathNot: '\\.spec\\.ts$' },
      to: { pathNot: '^libs/verifier/src/log/c2sp/' },
    },
    {
      name: 'verifier-is-portable',
      comment:
        'libs/verifier runs in Node and, bundled, in a page: it imports the rules engine and the portable packages ' +
        '(ajv, @noble) only — no Node module, no framework, nothing of the games layer or the stores. One file may use ' +
        "Node's crypto, crypto/platform-crypto.ts, which the page's build replaces with crypto/portable-crypto.ts.",
      severity: 'error',
      from: {
        path: '^libs/verifier/src',
        pathNot: ['\\.spec\\.ts$', '^libs/verifier/src/crypto/platform-crypto[.]ts$'],
      },
      to: {
        pathNot: [
          '^libs/verifier/src',
          '^libs/rules/src',
          '^node_modules/(ajv|@noble/hashes|@noble/curves|fast-deep-equal|json-schema-traverse|fast-uri)/',
        ],
      },
    },
    {
      name: 'verifier-platform-crypto-uses-node-crypto-only',
      comment:
        "crypto/platform-crypto.ts, the one file the page's build replaces, imports Node's crypto and nothing else.",
      severity: 'error',
      from: { path: '^libs/verifier/src/crypto/platform-crypto[.]ts$' },
      to: { pathNot: ['^libs/verifier/src/crypto/verifier-crypto[.]ts$', '^(node:)?crypto$'] },
    },
    {
      name: 'no-circular-between-files-outside-rules',
      severity: 'error',
      from: { path: '^(apps|libs/games|libs/event-store|libs/verifier)' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: 'node_modules' },
  },
};
