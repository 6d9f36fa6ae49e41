const { availableParallelism } = require('node:os');

/** Shared by every project: TypeScript transpiled by ts-jest (type checking is `npm run typecheck`). */
const common = {
  rootDir: '.',
  // Node's, but a suite's teardown stops the observers and monitors it started in perf_hooks (see the file).
  testEnvironment: '<rootDir>/test/support/leak-free-node.environment.js',
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: {
    // Type checking is `npm run typecheck`; the tests only transpile, which keeps them fast.
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
  },
  moduleNameMapper: {
    '^@app/rules(|/.*)$': '<rootDir>/libs/rules/src$1',
    '^@app/event-store(|/.*)$': '<rootDir>/libs/event-store/src$1',
    '^@app/games(|/.*)$': '<rootDir>/libs/games/src$1',
    '^@app/verifier(|/.*)$': '<rootDir>/libs/verifier/src$1',
  },
};

/**
 * Three projects, so that a part can be run alone: `npm run test:rules` (the rules engine's unit and rulebook
 * specs, seconds), `npm run test:properties` (its random games), and the service (stores, games layer, HTTP, CLI,
 * browser, crash and fuzz suites). `npm test` runs them all.
 */
/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 60000,
  // Most suites wait on what they start (services, the CLI, PostgreSQL, Chromium): two workers even on two cores,
  // where Jest's default (one fewer than the cores) would run one suite at a time while a core idles.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // A worker that has run many suites carries what they left (heap, and handles a suite did not close) into the
  // next: past this, Jest starts a fresh worker for the following suite rather than let them slow it down. The heap
  // is measured without a collection first, so it counts garbage too: a lower limit replaced the worker after most
  // suites, and a new worker's start costs more CPU than many a suite.
  workerIdleMemoryLimit: '1GB',
  // Jest's summary counts skipped tests; the first names them, with the reason their titles give. The second lists
  // the slowest suites with the reason each gives for its time.
  reporters: [
    'default',
    '<rootDir>/test/support/skipped-tests.reporter.js',
    ['<rootDir>/test/support/slowest-suites.reporter.js', { count: 10 }],
  ],
  projects: [
    {
      ...common,
      displayName: 'rules',
      roots: ['<rootDir>/libs/rules'],
      testRegex: '.*\\.spec\\.ts$',
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/libs/rules/test/property/'],
    },
    {
      ...common,
      displayName: 'properties',
      roots: ['<rootDir>/libs/rules/test/property'],
      testRegex: '.*\\.spec\\.ts$',
    },
    {
      ...common,
      displayName: 'service',
      // The sources compiled once for the run, for the suites that start the CLI or the service as processes
      // (test/support/compiled-sources.ts); only when a service suite runs.
      globalSetup: '<rootDir>/test/support/compiled-sources.global-setup.ts',
      globalTeardown: '<rootDir>/test/support/compiled-sources.global-teardown.ts',
      roots: [
        '<rootDir>/libs/event-store',
        '<rootDir>/libs/games',
        '<rootDir>/libs/verifier',
        '<rootDir>/apps',
        '<rootDir>/test',
      ],
      testRegex: '.*\\.(spec|e2e-spec)\\.ts$',
    },
  ],
};
