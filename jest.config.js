/** @type {import('jest').Config} */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  testRegex: '.*\\.(spec|e2e-spec)\\.ts$',
  roots: ['<rootDir>/libs', '<rootDir>/apps', '<rootDir>/test'],
  transform: {
    // Type checking is `npm run typecheck`; the tests only transpile, which keeps them fast.
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
  },
  moduleNameMapper: {
    '^@app/rules(|/.*)$': '<rootDir>/libs/rules/src$1',
    '^@app/event-store(|/.*)$': '<rootDir>/libs/event-store/src$1',
    '^@app/games(|/.*)$': '<rootDir>/libs/games/src$1',
  },
  testTimeout: 60000,
};
