// @ts-check
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** What a store kind means lives in the store library (see the first block that uses these). */
const STORE_KIND_CHECKS = [
  'BinaryExpression[operator=/^[!=]==?$/] > Literal[value=/^(sqlite|postgres|esdb|memory)$/]',
  'SwitchCase > Literal.test[value=/^(sqlite|postgres|esdb|memory)$/]',
].map((selector) => ({
  selector,
  message: 'Ask the store library what a store kind means (libs/event-store/src/store-kinds.ts).',
}));

/** A game's events are read through one reader and folded through one fold (see the block that uses this). */
const RAW_GAME_EVENT_READS = {
  selector: 'CallExpression[callee.property.name=/^(readStreamPages|streamEvents)$/]',
  message: "Read a game's events with gameEventPages/gameEvents, or fold them with foldGameEvents.",
};

/**
 * What a command did is its typed outcome (libs/games/src/commands/command-outcome.ts, read from its events in one
 * place): a controller neither casts an event's data nor searches a command's events for it.
 */
const COMMAND_OUTCOME_READS = [
  'TSAsExpression[expression.type="MemberExpression"][expression.property.name="data"]',
  'TSAsExpression > ChainExpression > MemberExpression[property.name="data"]',
  'CallExpression[callee.object.property.name="events"][callee.property.name=/^(find|findLast|some|every|filter)$/]',
].map((selector) => ({
  selector,
  message:
    'A controller reads what a command did from its typed outcome (CommandOutcomeMap) and passes typed commands: ' +
    'no cast of `.data`, no search through `.events`.',
}));

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'coverage', 'eslint.config.mjs', 'jest.config.js', '.dependency-cruiser.js'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Rules that read the types: a switch over an event type or a kind must cover every case, and a promise is
    // awaited, returned, or marked `void` on purpose.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    // Jest's reporters and test environment are CommonJS files Node loads as they are: they import with require().
    files: ['test/support/*.reporter.js', 'test/support/*.environment.js'],
    languageOptions: { sourceType: 'commonjs', globals: { process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The replay page's ES modules run in the browser (tsc checks their types: apps/api/src/replay/assets/tsconfig.json).
    files: ['apps/api/src/replay/assets/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      // The browser's names the page uses (listed, so that a typo is still an undefined name).
      globals: Object.fromEntries(
        [
          'window',
          'document',
          'location',
          'history',
          'sessionStorage',
          'localStorage',
          'TextDecoderStream',
          'fetch',
          'EventSource',
          'URLSearchParams',
          'requestAnimationFrame',
          'ResizeObserver',
          'setTimeout',
          'clearTimeout',
          'HTMLElement',
          'HTMLInputElement',
          'Element',
          'FormData',
          'navigator',
          'Option',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    // What a store kind means lives in the store library (libs/event-store/src/store-kinds.ts, beside createStores):
    // the apps and the games layer ask it, so adding an adapter touches that library, its contract suite and the docs.
    files: ['apps/**/*.ts', 'libs/games/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...STORE_KIND_CHECKS] },
  },
  {
    // A game's events are read through one reader and folded through one fold (libs/games/src/loading/game-events.*),
    // which check each event at the store boundary. The audit reads the raw pages on purpose (it reports damage
    // event by event and reads on), and the tournament log and a game's notes read streams of their own.
    files: ['apps/**/*.ts', 'libs/games/**/*.ts'],
    ignores: [
      '**/*.spec.ts',
      '**/*.e2e-spec.ts',
      'libs/games/src/loading/game-events.reader.ts',
      'libs/games/src/loading/game-events.fold.ts',
      'libs/games/src/audit/stored-game.audit.ts',
      'libs/games/src/tournament-log/tournament-log.service.ts',
      'libs/games/src/notes/game-notes.service.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...STORE_KIND_CHECKS, RAW_GAME_EVENT_READS] },
  },
  {
    // A later block's no-restricted-syntax replaces an earlier one's for the files both match: the controllers keep
    // the checks above and add their own.
    files: ['apps/api/src/**/*.controller.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...STORE_KIND_CHECKS, RAW_GAME_EVENT_READS, ...COMMAND_OUTCOME_READS],
    },
  },
  {
    // Only outside Nest: with decorator metadata, a type-only import of an injected class breaks injection.
    files: ['libs/rules/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }] },
  },
  {
    // The rules engine is pure: no clock, no randomness (docs/design.md).
    files: ['libs/rules/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'libs/rules is deterministic: no Math.random.' },
        { object: 'Date', property: 'now', message: 'libs/rules has no clock.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'libs/rules has no clock.' },
      ],
    },
  },
);
