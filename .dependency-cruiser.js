/** Layer rules of DESIGN.md, checked by `npm run check:layers` (part of `npm test`). */
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
      name: 'event-store-stands-alone',
      comment: 'The store knows nothing of the rules or the application layer.',
      severity: 'error',
      from: { path: '^libs/event-store/src' },
      to: { path: '^libs/(rules|games)/' },
    },
    {
      name: 'no-circular-between-files-outside-rules',
      severity: 'error',
      from: { path: '^(apps|libs/games|libs/event-store)' },
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
