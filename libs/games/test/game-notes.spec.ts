import { DamagedEventError } from '@app/event-store';
import { GameNotes } from '../src/notes/game-notes.service';
import { NOTE_ADDED, notesStream } from '../src/notes/notes.stream';
import { ORGANISER } from '../src/viewers/viewer';
import { exampleScenario, GamesHarness, playScenario, temporaryDirectory } from './games-testing';

/** A judge's notes as stored are input too: a row written past the service is reported, never passed on. */
describe('a game’s notes read back from a store (SQLite)', () => {
  const dir = temporaryDirectory();
  let harness: GamesHarness;
  let notes: GameNotes;

  beforeAll(async () => {
    harness = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: dir.path('notes.db') } });
    notes = harness.app.get(GameNotes);
    await playScenario(harness, exampleScenario(), 'noted');
  });

  afterAll(async () => {
    await harness.close();
    dir.cleanup();
  });

  it('reads back what was written, and reports a row of another shape as the damaged event it is', async () => {
    await notes.add('noted', { revision: 3, text: 'a fine play', visibleTo: ['public'] });
    expect(await notes.list(ORGANISER, 'noted')).toMatchObject([{ revision: 3, text: 'a fine play' }]);

    const forgeries = [
      [{ revision: 3, text: 7, visibleTo: [] }, /text must be 1 to/],
      [{ revision: -1, text: 'x', visibleTo: ['everyone'] }, /revision must be a whole number.*visibleTo must list/],
      [null, /revision must be a whole number/],
    ] as const;
    for (const [index, [forged, reason]] of forgeries.entries()) {
      // Each forgery in a notes stream of its own, after a note written as the service writes one.
      const gameId = `forged-${index}`;
      const stream = notesStream(gameId);
      await harness.store.append(
        stream,
        [{ type: NOTE_ADDED, data: { revision: 0, text: 'kept', visibleTo: [] }, metadata: {} }],
        'no-stream',
      );
      await harness.store.append(stream, [{ type: NOTE_ADDED, data: forged as never, metadata: {} }], 0);
      const error = await notes.all(gameId).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DamagedEventError);
      expect(error).toMatchObject({ stream, revision: 1 });
      expect((error as Error).message).toMatch(reason);
    }
  });
});
