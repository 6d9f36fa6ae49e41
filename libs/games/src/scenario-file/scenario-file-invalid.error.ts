/** A scenario file (or set-up) that does not have the shape docs/design.md describes; lists every problem found. */
export class ScenarioFileInvalid extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `invalid scenario file (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((problem) => `  ${problem}`).join('\n'),
    );
    this.name = 'ScenarioFileInvalid';
  }
}
