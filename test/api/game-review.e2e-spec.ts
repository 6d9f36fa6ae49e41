import * as path from 'node:path';
import type { GameEventLine, MoveLine, MovesPage, StandingsPoint } from '@app/games';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { type PlayerTokens, playScenario, readEvents, readScenario } from './support/scenario.http-player';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');
const GAME = 'review';

type Data = { orderId?: string; minionId?: string; amount?: number; reasonEventId?: string; player?: string };

/**
 * Issue #27, 2–3 over HTTP: the move list, who is ahead, a minion's story, receipts in words, the event filter and
 * a judge's notes, each checked against the game's own events (the bolt-and-blade example, two turns).
 */
describe('following a game: moves, standings, a minion’s story, notes (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let tokens: PlayerTokens;
  let events: (GameEventLine & { data: Data })[];

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
    tokens = await playScenario(api, readScenario(EXAMPLE), GAME);
    events = (await readEvents(api, GAME)) as typeof events;
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  const moves = async (query = '', token?: string): Promise<MovesPage> =>
    (
      await api
        .as(token ?? api.organiserToken)
        .get(`/games/${GAME}/moves${query}`)
        .expect(200)
    ).body as MovesPage;
  const revisionOf = (type: string, match: (event: (typeof events)[number]) => boolean = () => true) =>
    events.find((event) => event.type === type && match(event))?.revision;

  describe('GET /games/:id/moves', () => {
    it('lists each order of a turn with who, what, on what, its outcome, its damage and deaths', async () => {
      const page = await moves('?turn=1&turns=1');
      expect(page).toMatchObject({ gameId: GAME, lastTurn: 3, next: 2, previous: 0 });
      const [turn] = page.turns;
      const orders = turn!.lines.filter((line) => line.orderId !== null);
      expect(
        orders.map(({ text, outcome, reason, damage, deaths }) => ({ text, outcome, reason, damage, deaths })),
      ).toEqual([
        {
          text: 'red: bolt → b-archer',
          outcome: 'resolved',
          reason: null,
          damage: [{ minionId: 'b-archer', amount: 3 }],
          deaths: ['b-archer'],
        },
        {
          text: 'red: r-sword attacks b-sword',
          outcome: 'executed',
          reason: null,
          damage: [{ minionId: 'b-sword', amount: 3 }],
          deaths: [],
        },
        { text: 'blue: mend → b-archer', outcome: 'squandered', reason: 'the target is dead', damage: [], deaths: [] },
      ]);
      const died = revisionOf('MinionDied', (event) => event.data.minionId === 'b-archer');
      expect(orders[2]?.because).toBe(died);
      expect(turn!.lines.map((line) => line.kind)).toEqual([
        'turn-start',
        'cast',
        'attack',
        'cast',
        'confirmation',
        'confirmation',
        'collection',
      ]);
      expect(turn!.lines.at(-1)?.text).toBe('garbage collection of turn 1: b-archer deleted');
    });

    it('each line opens exactly the events it produced: every event of the turn is one line’s', async () => {
      const [turn] = (await moves('?turn=1&turns=1')).turns;
      const all = turn!.lines.flatMap((line) => line.revisions).sort((a, b) => a - b);
      const inTurn = events.filter((event) => event.metadata.turn === 1).map((event) => event.revision);
      expect(all).toEqual(inTurn);
      for (const line of turn!.lines.filter((candidate: MoveLine) => candidate.orderId !== null)) {
        const own = events.filter((event) => event.data.orderId === line.orderId).map((event) => event.revision);
        for (const revision of own)
          expect([line.text, line.revisions]).toEqual([line.text, expect.arrayContaining([revision])]);
        // The damage a line reports is the DamageApplied among its events.
        const dealt = events
          .filter((event) => line.revisions.includes(event.revision) && event.type === 'DamageApplied')
          .reduce((sum, event) => sum + Number(event.data.amount), 0);
        expect(line.damage.reduce((sum, hit) => sum + hit.amount, 0)).toBe(dealt);
      }
    });

    it('reads a page of turns: the set-up is turn 0; past the last turn is a 404; bounds are 400s', async () => {
      const first = await moves('?turns=2');
      expect(first.turns.map((turn) => turn.turn)).toEqual([0, 1]);
      expect(first.turns[0]?.lines[0]).toMatchObject({ kind: 'setup', revisions: [0] });
      expect(first).toMatchObject({ next: 2, previous: null });
      const last = await moves('?turn=3');
      expect(last).toMatchObject({ next: null, previous: 0 });
      await api.as().get(`/games/${GAME}/moves?turn=4`).expect(404);
      await api.as().get(`/games/${GAME}/moves?turns=21`).expect(400);
      await api.as().get(`/games/${GAME}/moves?turns=0`).expect(400);
      await api.as().get('/games/nowhere/moves').expect(404);
    });

    it('shows the other side’s orders of a turn under way as hidden lines, in the viewer’s own words', async () => {
      await api
        .as(tokens.red)
        .post(`/games/${GAME}/orders`)
        .send({ player: 'red', attack: { attacker: 'r-sword', victim: 'b-sword' } })
        .expect(201);
      const blue = (await moves('?turn=3', tokens.blue)).turns[0]!;
      const red = (await moves('?turn=3', tokens.red)).turns[0]!;
      expect(blue.lines.at(-1)).toMatchObject({ kind: 'hidden', text: 'a hidden order', player: null, orderId: null });
      expect(red.lines.at(-1)).toMatchObject({
        kind: 'attack',
        text: 'red: r-sword attacks b-sword',
        outcome: 'pending',
      });
      expect(JSON.stringify(blue)).not.toContain('r-sword attacks');
    });
  });

  describe('GET /games/:id/standings', () => {
    it('gives minions, total HP and mana per side after the set-up and at each turn’s end, as /state shows them', async () => {
      const { points, every, result } = (await api.as().get(`/games/${GAME}/standings`).expect(200)).body as {
        points: StandingsPoint[];
        every: number;
        result: unknown;
      };
      expect(every).toBe(1);
      expect(result).toBeNull();
      expect(points.map((point) => [point.turn, point.now])).toEqual([
        [0, false],
        [1, false],
        [2, false],
        [3, true],
      ]);
      expect(points[1]?.revision).toBe(revisionOf('GarbageCollectionScheduled', (event) => event.metadata.turn === 1));
      for (const point of points) {
        const { state } = (await api.as().get(`/games/${GAME}/state?at=${point.revision}`).expect(200)).body;
        for (const colour of ['red', 'blue'] as const) {
          const alive = Object.values(
            state.minions as Record<string, { owner: string; hp: number; status: string }>,
          ).filter((minion) => minion.owner === colour && minion.status === 'alive');
          // A player's pool is its own: the public view shows neither side's mana.
          expect(state.players[colour].mana).toBeUndefined();
          const mana = null;
          expect([point.turn, colour, point[colour]]).toEqual([
            point.turn,
            colour,
            { minions: alive.length, hp: alive.reduce((sum, minion) => sum + minion.hp, 0), mana },
          ]);
        }
      }
      // Red's view: its own pool at each point, as its /state shows it, and still not blue's.
      const asRed = (await api.as(tokens.red).get(`/games/${GAME}/standings`).expect(200)).body as {
        points: StandingsPoint[];
      };
      for (const point of asRed.points) {
        const { state } = (await api.as(tokens.red).get(`/games/${GAME}/state?at=${point.revision}`).expect(200)).body;
        const pool = Object.values(state.players.red.mana as Record<string, number>).reduce((a, b) => a + b, 0);
        expect([point.turn, point.red.mana, point.blue.mana]).toEqual([point.turn, pool, null]);
      }
      // Blue lost its archer in turn 1.
      expect(points[0]?.blue.minions).toBe((points[1]?.blue.minions ?? 0) + 1);
    });
  });

  describe('GET /games/:id/why?minion=', () => {
    it('tells a minion’s story and why it died, in sentences', async () => {
      const story = (await api.as().get(`/games/${GAME}/why?minion=b-archer`).expect(200)).body;
      expect(story).toMatchObject({ minionId: 'b-archer', owner: 'blue', next: null });
      const died = revisionOf('MinionDied', (event) => event.data.minionId === 'b-archer');
      const bolt = revisionOf('SpellTargeted', (event) => event.metadata.turn === 1 && event.data.player === 'red');
      const order = events[bolt!]!.data.orderId;
      expect(story.died).toMatchObject({
        revision: died,
        turn: 1,
        category: 'dies',
        sentence: `b-archer dies in turn 1: red's bolt (${order}) dealt 3 damage (3 → 0 HP)`,
      });
      const chain = (story.died.because as { revision: number }[]).map((link) => link.revision);
      expect(chain).toContain(bolt);
      expect(chain.at(-1)).toBe(died);
      const sentences = (story.entries as { sentence: string }[]).map((entry) => entry.sentence);
      expect(sentences[0]).toMatch(
        /^b-archer \(blue archer recruit, 3\/3 HP, armor \d+\) is set up in group b-patrol on D4$/,
      );
      expect(sentences).toContain('b-archer takes 3 damage (3 → 0 HP)');
      const mend = events[revisionOf('SpellTargeted', (event) => event.data.player === 'blue')!]!.data.orderId;
      expect(sentences).toContain(`blue's mend executes on b-archer (${mend})`);
      expect(sentences.at(-1)).toBe('garbage collection of turn 1: b-archer deleted');
      expect(story.summary).toBe(`b-archer (blue): ${story.died.sentence}`);
      const alive = (await api.as().get(`/games/${GAME}/why?minion=r-sword`).expect(200)).body;
      expect(alive.died).toBeNull();
      expect(alive.summary).toMatch(/^r-sword \(red\) is in play; last: /);
      await api.as().get(`/games/${GAME}/why?minion=nobody`).expect(404);
      const missing = await api.as().get(`/games/${GAME}/why`).expect(400);
      expect(missing.body.message).toContain('minion is required');
    });
  });

  describe('receipts in words, and the event filter', () => {
    it('says which command each receipt covers, and where its events are', async () => {
      const body = (await api.as(tokens.red).get(`/games/${GAME}/receipts?describe=true`).expect(200)).body;
      const stored = await readEvents(api, GAME);
      expect(body.commands).toHaveLength(body.receipts.length);
      const words = (body.commands as { words: string }[]).map((command) => command.words);
      expect(words[0]).toBe('organiser: set-up of "bolt and blade"');
      expect(words).toContain('red: bolt → b-archer, turn 1');
      expect(words).toContain('red: r-sword attacks b-sword, turn 1');
      expect(words).toContain('red: confirms, turn 1');
      expect(words).toContain('scheduler: garbage collection, turn 1');
      expect(words.some((text) => text.startsWith('blue:'))).toBe(false);
      for (const [i, command] of (body.commands as { revision: number; first: number }[]).entries()) {
        expect(command.revision).toBe(body.receipts[i].revision);
        expect(stored[command.first]?.metadata.commandId).toBe(body.receipts[i].commandId);
      }
      const plain = (await api.as(tokens.red).get(`/games/${GAME}/receipts`).expect(200)).body;
      expect(plain.commands).toBeUndefined();
    });

    it('filters the events by minion, player and rule (with types), and refuses malformed filters naming them', async () => {
      const of = async (query: string, token = api.organiserToken) =>
        ((await api.as(token).get(`/games/${GAME}/events?${query}`).expect(200)).body.events as GameEventLine[]).map(
          (event) => event.revision,
        );
      const named = (event: GameEventLine, id: string) => JSON.stringify(event.data).includes(`"${id}"`);
      expect(await of('minion=b-archer')).toEqual(
        events.filter((event) => named(event, 'b-archer')).map((e) => e.revision),
      );
      expect(await of('rule=E3&to=40')).toEqual(
        events
          .filter((event) => event.revision <= 40 && /^E3(\.|$)/.test(String(event.metadata.rule)))
          .map((e) => e.revision),
      );
      expect(await of('player=blue&types=OrdersConfirmed')).toEqual(
        events
          .filter((event) => event.type === 'OrdersConfirmed' && event.data.player === 'blue')
          .map((e) => e.revision),
      );
      for (const [query, field] of [
        ['minion=no%20such', 'minion'],
        ['player=green', 'player'],
        ['rule=whatever', 'rule'],
      ]) {
        const response = await api.as().get(`/games/${GAME}/events?${query}`).expect(400);
        expect(String(response.body.message)).toContain(field);
      }
    });
  });

  describe('a judge’s notes', () => {
    it('the organiser writes a note on a revision; each reads those meant for it; the game is untouched', async () => {
      const head = (await api.as().get(`/games/${GAME}/head`).expect(200)).body;
      const audit = (await api.organiser.get(`/games/${GAME}/audit`).expect(200)).body;
      const post = (body: object) => api.organiser.post(`/games/${GAME}/notes`).send(body);
      const red = (await post({ revision: 19, text: 'for red: the archer was doomed', visibleTo: ['red'] }).expect(201))
        .body;
      expect(red.note).toEqual({
        id: 'note.1',
        revision: 19,
        text: 'for red: the archer was doomed',
        visibleTo: ['red'],
      });
      await post({ revision: 7, text: 'everybody: a fine opening bolt', visibleTo: ['public'] }).expect(201);
      await post({ revision: 30, text: 'the organiser alone', visibleTo: [] }).expect(201);
      const read = async (token?: string) =>
        (await api.as(token).get(`/games/${GAME}/notes`).expect(200)).body.notes as { text: string; id?: string }[];
      expect((await read(api.organiserToken)).map((note) => note.text)).toEqual([
        'everybody: a fine opening bolt',
        'for red: the archer was doomed',
        'the organiser alone',
      ]);
      expect(await read(tokens.red)).toEqual([
        { revision: 7, text: 'everybody: a fine opening bolt' },
        { revision: 19, text: 'for red: the archer was doomed' },
      ]);
      expect(await read(tokens.blue)).toEqual([{ revision: 7, text: 'everybody: a fine opening bolt' }]);
      expect(await read()).toEqual([{ revision: 7, text: 'everybody: a fine opening bolt' }]);
      const asRed = (await api.organiser.get(`/games/${GAME}/notes?as=red`).expect(200)).body.notes;
      expect(asRed).toEqual(await read(tokens.red));
      expect((await api.as().get(`/games/${GAME}/notes?from=8&to=30`).expect(200)).body.notes).toEqual([]);
      // Nothing the audit, the receipts or the log check has moved.
      expect((await api.as().get(`/games/${GAME}/head`).expect(200)).body).toEqual(head);
      expect((await api.organiser.get(`/games/${GAME}/audit`).expect(200)).body).toEqual(audit);
    });

    it('refuses a malformed note naming the field (400), a revision the game has not (404), and anyone but the organiser', async () => {
      const post = (body: object, token = api.organiserToken) => api.as(token).post(`/games/${GAME}/notes`).send(body);
      const refused = async (body: object, message: string) => {
        const response = await post(body).expect(400);
        expect(response.body.message).toEqual([message]);
      };
      await refused(
        { revision: 1, text: 'x'.repeat(2001), visibleTo: [] },
        'text must be shorter than or equal to 2000 characters',
      );
      await refused({ revision: 1, text: '', visibleTo: [] }, 'text should not be empty');
      await refused(
        { revision: 1, text: 'x', visibleTo: ['green'] },
        'visibleTo: each value in visibleTo must be one of the following values: red, blue, public',
      );
      await refused(
        { revision: 1, text: 'x', visibleTo: ['red', 'red'] },
        "visibleTo: All visibleTo's elements must be unique",
      );
      await refused({ revision: -1, text: 'x', visibleTo: [] }, 'revision must not be less than 0');
      await refused({ revision: 1, text: 'x' }, 'visibleTo is required');
      await post({ revision: 100_000, text: 'x', visibleTo: [] }).expect(404);
      await post({ revision: 1, text: 'x', visibleTo: ['red'] }, tokens.red).expect(403);
      await api.as().post(`/games/${GAME}/notes`).send({ revision: 1, text: 'x', visibleTo: [] }).expect(401);
      expect((await api.organiser.get(`/games/${GAME}/notes`).expect(200)).body.notes).toHaveLength(3);
    });
  });
});
