import * as path from 'node:path';
import type { ViewedEventLine } from '@app/games';
import { type ApiClient, type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import {
  type Marker,
  SECRET_SEED,
  type SecretGame,
  VIEWERS,
  type ViewerName,
  clientsOf,
  leaks,
  playSecretGame,
} from './support/secret-game';

const GAME_ID = 'secrets';

/**
 * Issue #5: nothing hidden leaks through the reads, for any viewer, at any revision of a game with secret orders,
 * a non-visible spell, hidden hands and decks and a seed — and what a viewer may see is really there (the markers
 * say from which revision on). The streams are test/api/viewers-streams.e2e-spec.ts.
 *
 * Why it is slow: four reads, for every viewer, at every revision of a game.
 */
describe('viewers: redacted reads at every revision (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let game: SecretGame;
  let clients: Record<ViewerName, ApiClient>;
  let last: number;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
    game = await playSecretGame(api, GAME_ID);
    clients = clientsOf(api, game.tokens);
    last = game.events.length - 1;
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  /** GET as a viewer; the serialized body. */
  async function read(viewer: ViewerName, url: string): Promise<{ body: unknown; text: string }> {
    const response = await clients[viewer].get(url).expect(200);
    return { body: response.body as unknown, text: response.text };
  }

  const revisions = () => Array.from({ length: last + 1 }, (_, revision) => revision);

  /** Runs `check` for every revision and viewer, a few requests at a time; collects every failure. */
  async function everyRevision(check: (viewer: ViewerName, revision: number) => Promise<string[]>): Promise<string[]> {
    const problems: string[] = [];
    for (const viewer of VIEWERS) {
      const found = await Promise.all(revisions().map((revision) => check(viewer, revision)));
      problems.push(...found.flat());
    }
    return problems;
  }

  it('the game holds every kind of secret, and the organiser sees all of them', () => {
    expect(game.markers.every((marker) => Number.isFinite(marker.from.organiser))).toBe(true);
    const text = JSON.stringify(game.events);
    for (const marker of game.markers) expect([marker.name, text.includes(marker.text)]).toEqual([marker.name, true]);
    expect(game.events[last].metadata).toMatchObject({ turn: 2, phase: 'orders' });
  });

  it('GET /events?to=REV: each viewer sees exactly what it may, from the revision it may on', async () => {
    const problems = await everyRevision(async (viewer, revision) => {
      const { text } = await read(viewer, `/games/${GAME_ID}/events?to=${revision}`);
      return game.markers
        .filter((marker: Marker) => text.includes(marker.text) !== marker.from[viewer] <= revision)
        .map(
          (marker) => `${viewer} ?to=${revision}: ${marker.name} ${text.includes(marker.text) ? 'shown' : 'missing'}`,
        );
    });
    expect(problems).toEqual([]);
  });

  it('GET /events?from=REV (a read starting mid-game, mid-turn) shows nothing hidden', async () => {
    const problems = await everyRevision(async (viewer, revision) => {
      const { text } = await read(viewer, `/games/${GAME_ID}/events?from=${revision}`);
      return leaks(text, game.markers, viewer, last).map((name) => `${viewer} ?from=${revision}: ${name}`);
    });
    expect(problems).toEqual([]);
  });

  it('GET /events: a ranged read shows the same lines as the whole list, whoever reads', async () => {
    for (const viewer of VIEWERS) {
      const whole = (await read(viewer, `/games/${GAME_ID}/events`)).body as { events: ViewedEventLine[] };
      const lines = whole.events;
      expect(lines.map((line) => line.revision)).toEqual(revisions());
      for (const from of [1, game.execution - 3, game.execution, last]) {
        const ranged = (await read(viewer, `/games/${GAME_ID}/events?from=${from}`)).body as {
          events: ViewedEventLine[];
        };
        // A read that starts inside an orders phase still releases that turn's earlier orders at execution.
        expect([viewer, from, ranged.events]).toEqual([viewer, from, lines.slice(from)]);
      }
    }
  });

  it('GET /state?at=REV: the seed, the other side’s hand, deck and secret orders are never in a state', async () => {
    const problems = await everyRevision(async (viewer, revision) => {
      const { body, text } = await read(viewer, `/games/${GAME_ID}/state?at=${revision}`);
      const state = (body as { state: { seed: unknown; counters?: unknown } }).state;
      const found = leaks(text, game.markers, viewer, revision).map((name) => `${viewer} ?at=${revision}: ${name}`);
      if (viewer !== 'organiser' && (state.seed !== null || state.counters !== undefined)) {
        found.push(`${viewer} ?at=${revision}: seed or counters`);
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('GET /state?at=REV: each player keeps seeing its own hidden cards, the organiser the seed', async () => {
    const kept: Partial<Record<ViewerName, string[]>> = {
      organiser: [String(SECRET_SEED), 'red-reserve', 'blue-deep-card'],
      red: ['red-reserve'],
      blue: ['blue-deep-card', 'blue-feint'],
    };
    const problems = await everyRevision(async (viewer, revision) => {
      const { text } = await read(viewer, `/games/${GAME_ID}/state?at=${revision}`);
      return (kept[viewer] ?? []).filter((marker) => !text.includes(marker)).map((m) => `${viewer} @${revision}: ${m}`);
    });
    expect(problems).toEqual([]);
  });

  it('GET /state (latest) and ?turn=&phase=&edge=: nothing hidden at any turn and phase', async () => {
    const points = new Set(
      game.events.map((event) => `${String(event.metadata.turn)}/${String(event.metadata.phase)}`),
    );
    const problems: string[] = [];
    for (const viewer of VIEWERS) {
      const latest = await read(viewer, `/games/${GAME_ID}/state`);
      problems.push(...leaks(latest.text, game.markers, viewer, last).map((name) => `${viewer} latest: ${name}`));
      for (const point of points) {
        const [turn, phase] = point.split('/');
        for (const edge of ['start', 'end']) {
          const { body, text } = await read(viewer, `/games/${GAME_ID}/state?turn=${turn}&phase=${phase}&edge=${edge}`);
          const revision = (body as { revision: number }).revision;
          problems.push(...leaks(text, game.markers, viewer, revision).map((name) => `${viewer} ${point}: ${name}`));
        }
        const whole = await read(viewer, `/games/${GAME_ID}/state?turn=${turn}`);
        const revision = (whole.body as { revision: number }).revision;
        problems.push(
          ...leaks(whole.text, game.markers, viewer, revision).map((name) => `${viewer} t${turn}: ${name}`),
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('during the orders phase a player’s state shows its own pending order, not the other side’s', async () => {
    const red = (await read('red', `/games/${GAME_ID}/state`)).body as { state: { orders: Record<string, unknown> } };
    const blue = (await read('blue', `/games/${GAME_ID}/state`)).body as { state: { orders: Record<string, unknown> } };
    const owners = (state: { orders: Record<string, unknown> }) =>
      Object.values(state.orders).map((order) => (order as { player: string }).player);
    expect(owners(red.state)).toEqual(['red']);
    expect(owners(blue.state)).toEqual(['blue']);
  });

  it('?types= filters by what the viewer sees: hidden events are not found by their real type', async () => {
    const asked = await read('spectator', `/games/${GAME_ID}/events?types=SpellTargeted,AttackOrdered,CardDiscarded`);
    const lines = (asked.body as { events: ViewedEventLine[] }).events;
    // Only the execution that released turn 1's orders, carrying those of the types asked for.
    expect(lines.map((line) => [line.revision, line.type])).toEqual([[game.execution, 'SpellExecutionPhaseStarted']]);
    expect(lines[0].released?.map((line) => line.type)).toEqual(['SpellTargeted', 'SpellTargeted', 'AttackOrdered']);
    expect(leaks(asked.text, game.markers, 'spectator', last)).toEqual([]);
    const hidden = await read('spectator', `/games/${GAME_ID}/events?types=Redacted`);
    const placeholders = (hidden.body as { events: ViewedEventLine[] }).events;
    expect(placeholders.length).toBeGreaterThan(0);
    expect(
      placeholders.every((line) => line.type === 'Redacted' && Object.keys(line.data as object).length === 0),
    ).toBe(true);
  });

  it('hashes are the organiser’s: nobody else gets prevHash or hash', async () => {
    for (const viewer of ['red', 'blue', 'spectator'] as const) {
      const { text } = await read(viewer, `/games/${GAME_ID}/events`);
      expect(text).not.toMatch(/"(prevHash|hash)"/);
    }
    expect((await read('organiser', `/games/${GAME_ID}/events`)).text).toMatch(/"prevHash"/);
  });

  it('GET /games lists where each game stands, and nothing of its content, to anyone', async () => {
    for (const viewer of VIEWERS) {
      const { body, text } = await read(viewer, '/games');
      expect(body).toEqual({
        games: [
          {
            gameId: GAME_ID,
            revision: last,
            turn: 2,
            phase: 'orders',
            name: 'secrets',
            players: { red: { house: 'war' }, blue: { house: 'life' } },
            turnLimit: null,
            status: 'live',
            result: null,
          },
        ],
      });
      expect(leaks(text, game.markers, viewer, -1)).toEqual([]);
    }
  });

  describe('the doors that follow a game (issue #27)', () => {
    /** The game's set-up minions, as the organiser's GameCreated lists them. */
    const minionIds = () =>
      (game.events[0]?.data as { board: { groups: { minions: { id: string }[] }[] } }).board.groups.flatMap((group) =>
        group.minions.map((minion) => minion.id),
      );

    it('the move list, who is ahead, minions’ stories, receipts in words and filtered events show nothing hidden', async () => {
      const doors = [
        `/games/${GAME_ID}/moves?turns=20`,
        `/games/${GAME_ID}/standings`,
        `/games/${GAME_ID}/receipts?describe=true`,
        `/games/${GAME_ID}/events?player=red`,
        `/games/${GAME_ID}/events?player=blue`,
        `/games/${GAME_ID}/events?rule=S3`,
        ...minionIds().map((id) => `/games/${GAME_ID}/events?minion=${id}`),
        ...minionIds().map((id) => `/games/${GAME_ID}/why?minion=${id}`),
      ];
      const problems: string[] = [];
      for (const viewer of VIEWERS) {
        for (const door of doors) {
          const { text } = await read(viewer, door);
          problems.push(...leaks(text, game.markers, viewer, last).map((name) => `${viewer} ${door}: ${name}`));
        }
      }
      expect(problems).toEqual([]);
    });

    it('the move list of each viewer says what its events say: the other side’s pending order is a hidden line', async () => {
      const lines = async (viewer: ViewerName) =>
        (
          (await read(viewer, `/games/${GAME_ID}/moves?turn=2`)).body as {
            turns: { lines: { kind: string; player: string | null }[] }[];
          }
        ).turns[0]?.lines
          .filter((line) => ['cast', 'attack', 'discard', 'hidden'].includes(line.kind))
          .map((line) => `${line.kind}:${line.player}`);
      expect(await lines('organiser')).toEqual(['attack:blue', 'attack:red']);
      expect(await lines('red')).toEqual(['hidden:null', 'attack:red']);
      expect(await lines('blue')).toEqual(['attack:blue', 'hidden:null']);
      expect(await lines('spectator')).toEqual(['hidden:null', 'hidden:null']);
    });

    it('a judge’s notes: each viewer reads exactly those meant for it, and no other door shows any note', async () => {
      const notes = [
        { text: 'judge-note-for-red-only', visibleTo: ['red'], readers: ['organiser', 'red'] },
        { text: 'judge-note-for-blue-only', visibleTo: ['blue'], readers: ['organiser', 'blue'] },
        { text: 'judge-note-for-both-players', visibleTo: ['red', 'blue'], readers: ['organiser', 'red', 'blue'] },
        { text: 'judge-note-for-everybody', visibleTo: ['public'], readers: [...VIEWERS] },
        { text: 'judge-note-for-the-organiser', visibleTo: [], readers: ['organiser'] },
      ];
      for (const [i, note] of notes.entries()) {
        await clients.organiser
          .post(`/games/${GAME_ID}/notes`)
          .send({ revision: i, text: note.text, visibleTo: note.visibleTo })
          .expect(201);
      }
      const doors = [
        `/games/${GAME_ID}/events`,
        `/games/${GAME_ID}/state`,
        `/games/${GAME_ID}/timeline`,
        `/games/${GAME_ID}/moves?turns=20`,
        `/games/${GAME_ID}/standings`,
        `/games/${GAME_ID}/receipts?describe=true`,
        `/games/${GAME_ID}/head`,
        `/games/${GAME_ID}/why?minion=r-sword`,
        '/games',
        '/events?format=ndjson&limit=1000',
      ];
      for (const viewer of VIEWERS) {
        const { body, text } = await read(viewer, `/games/${GAME_ID}/notes`);
        const readable = (body as { notes: { text: string }[] }).notes.map((note) => note.text);
        expect([viewer, readable]).toEqual([
          viewer,
          notes.filter((note) => note.readers.includes(viewer)).map((n) => n.text),
        ]);
        // Ids and audiences would tell a reader how many notes it does not see, and who else reads them.
        if (viewer !== 'organiser') expect(text).not.toMatch(/"(id|visibleTo)"/);
        for (const door of doors) {
          const shown = (await read(viewer, door)).text;
          const found = notes.filter((note) => shown.includes(note.text)).map((note) => note.text);
          expect([viewer, door, found]).toEqual([viewer, door, []]);
        }
      }
      // The organiser's view of another viewer is that viewer's, exactly.
      for (const view of ['red', 'blue', 'public'] as const) {
        const asked = await read('organiser', `/games/${GAME_ID}/notes?as=${view}`);
        const own = await read(view === 'public' ? 'spectator' : view, `/games/${GAME_ID}/notes`);
        expect([view, asked.body]).toEqual([view, own.body]);
      }
    });
  });

  describe('the doors of a game’s whole record (issue #28): nothing of it before the organiser publishes it', () => {
    it('GET /games/:id/export is the organiser’s alone; the others’ refusals, and a publication refused, hold nothing', async () => {
      const whole = (await read('organiser', `/games/${GAME_ID}/export`)).text;
      expect(whole).toBe(game.events.map((event) => `${JSON.stringify(event)}\n`).join(''));
      const problems: string[] = [];
      for (const viewer of VIEWERS.filter((name) => name !== 'organiser')) {
        const exported = await clients[viewer].get(`/games/${GAME_ID}/export`).expect(403);
        const publish = await clients[viewer].post(`/games/${GAME_ID}/publish`);
        expect([viewer, publish.status]).toEqual([viewer, viewer === 'spectator' ? 401 : 403]);
        for (const [door, text] of [
          ['export', exported.text],
          ['publish', publish.text],
        ] as const) {
          problems.push(...leaks(text, game.markers, viewer, -1).map((name) => `${viewer} ${door}: ${name}`));
        }
      }
      // The game goes on: the organiser cannot publish it either (rule A), and nothing is recorded.
      const refused = await clients.organiser.post(`/games/${GAME_ID}/publish`).expect(422);
      expect(refused.body.rule).toBe('A');
      expect((await read('organiser', `/games/${GAME_ID}/events`)).body).toMatchObject({ events: game.events });
      expect(problems).toEqual([]);
    });

    it('the replay page’s verifier module is the same for everyone and holds nothing of any game', async () => {
      const served = await Promise.all(VIEWERS.map((viewer) => read(viewer, '/replay/assets/sanctum-verifier.js')));
      expect(new Set(served.map(({ text }) => text)).size).toBe(1);
      expect(leaks(served[0]!.text, game.markers, 'spectator', last)).toEqual([]);
      expect(served[0]!.text).not.toContain(GAME_ID);
    });
  });

  describe('refused commands tell a player nothing it may not know', () => {
    const orders = `/games/${GAME_ID}/orders`;
    const hiddenFromRed = () => game.markers.filter((marker) => marker.from.red === Infinity);

    it('casting a card of the other side’s hand or deck is answered like casting a card that does not exist', async () => {
      const blueCard = await clients.red
        .post(orders)
        .send({ player: 'red', cast: 'blue-deep-card', target: { minion: 'b-sword' } });
      const noCard = await clients.red
        .post(orders)
        .send({ player: 'red', cast: 'no-such-card', target: { minion: 'b-sword' } });
      expect(blueCard.status).toBe(422);
      expect(blueCard.body).toEqual(JSON.parse(noCard.text.replaceAll('no-such-card', 'blue-deep-card')));
      expect(blueCard.body).toMatchObject({
        rule: 'S3',
        field: 'cast',
        reason: 'spell "blue-deep-card" is not in red\'s hand',
      });
    });

    it('cancelling the other side’s order is answered like cancelling an order that does not exist', async () => {
      const pending = game.markers.find((marker) => marker.name === 'blue’s pending attack') as Marker;
      const blueOrder = JSON.parse(pending.text) as string;
      const theirs = await clients.red.delete(`${orders}/${blueOrder}?player=red`);
      const none = await clients.red.delete(`${orders}/order.999?player=red`);
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(JSON.parse(none.text.replaceAll('order.999', blueOrder)));
    });

    it('no refusal of red’s names anything hidden from red but what red itself sent', async () => {
      const refusals = [
        await clients.red.post(orders).send({ player: 'red', attack: { attacker: 'r-sword', victim: 'b-sword' } }),
        await clients.red.post(orders).send({ player: 'red', cast: 'bolt', target: { minion: 'r-sword' } }),
        await clients.red.post(orders).send({ player: 'red', attack: { attacker: 'b-sword', victim: 'r-sword' } }),
        await clients.red.post(orders).send({ player: 'red', discard: 'blue-feint' }),
        await clients.red.post(orders).send({ player: 'blue', discard: 'blue-feint' }),
        await clients.red.post(`/games/${GAME_ID}/confirm`).send({ player: 'blue' }),
        await clients.spectator.post(orders).send({ player: 'blue', discard: 'blue-feint' }),
      ];
      expect(refusals.map((response) => response.status)).toEqual([422, 422, 422, 422, 403, 403, 401]);
      for (const response of refusals) {
        // `blue-feint` is what red (or the spectator) sent: an echo of one's own input tells nothing.
        const text = response.text.replaceAll('blue-feint', '');
        expect([response.status, leaks(text, hiddenFromRed(), 'red', -1)]).toEqual([response.status, []]);
      }
    });
  });
});
