import { runScenario } from '@app/rules';
import { auditEvents, chainEvents, genesisHash } from '@app/verifier';
import { GameAuditService } from '../src/audit/game-audit.service';
import { gameStream } from '../src/game-stream';
import { type GameEventLine } from '../src/recording/game-event-line';
import { storedGameEvent } from '../src/recording/stored-game-event';
import { GamesHarness, exampleScenario, playScenario } from './games-testing';

type Unchained = Omit<GameEventLine, 'revision'>;

/** The events without their links, ready to be chained again (a forger's first step). */
function unchained(events: GameEventLine[]): Unchained[] {
  return events.map(({ revision: _revision, metadata: { prevHash: _p, hash: _h, ...metadata }, ...event }) => ({
    ...event,
    metadata,
  }));
}

function rechained(events: Unchained[], genesis: string): GameEventLine[] {
  return chainEvents(genesis, events).events.map((event, revision) => ({ revision, ...event }));
}

/** The chain secret in the audit: recorded once, at revision 0; judged by the chain check, not re-derived. */
describe('audit of a game whose chain is keyed with its chain secret', () => {
  let harness: GamesHarness;
  let stored: GameEventLine[];

  beforeAll(async () => {
    harness = await GamesHarness.start({ store: { kind: 'memory' } });
    await playScenario(harness, exampleScenario(), 'keyed');
    stored = (await harness.store.readStream(gameStream('keyed'))).map(storedGameEvent);
  });
  afterAll(() => harness.close());

  it('audits clean: the re-simulation does not take the recorded secret for a divergence', async () => {
    expect(stored[0].metadata.chainSecret).toMatch(/^[0-9a-f]{64}$/);
    const report = await harness.app.get(GameAuditService).audit('keyed');
    expect(report).toMatchObject({ chain: { intact: true }, resimulation: { identical: true } });
  });

  it('a chain started from the unkeyed genesis does not hold for a game that records a secret', async () => {
    const report = await auditEvents(rechained(unchained(stored), genesisHash('keyed')));
    expect(report.chain).toMatchObject({ intact: false, firstBrokenRevision: 0, reason: 'prevHash mismatch' });
  });

  it('a recorded secret that is not 64 hex digits breaks the chain at revision 0', async () => {
    const events = unchained(stored);
    events[0].metadata.chainSecret = 'guessable';
    const report = await auditEvents(rechained(events, genesisHash('keyed')));
    expect(report.chain).toMatchObject({ intact: false, firstBrokenRevision: 0, reason: 'invalid chain secret' });
  });

  it('a secret recorded on any later event diverges there, even re-chained', async () => {
    const events = unchained(stored);
    events[3].metadata.chainSecret = stored[0].metadata.chainSecret;
    const report = await auditEvents(rechained(events, genesisHash('keyed', String(stored[0].metadata.chainSecret))));
    expect(report.chain.intact).toBe(true);
    expect(report.resimulation.firstDivergence).toMatchObject({
      revision: 3,
      reason: expect.stringContaining('differs'),
    });
  });

  it('a secret removed from revision 0 and the chain restarted from the unkeyed genesis audits clean: the old form', async () => {
    // Games recorded before chain secrets stay verifiable: no secret, the unkeyed genesis.
    const events = unchained(stored);
    delete events[0].metadata.chainSecret;
    const report = await auditEvents(rechained(events, genesisHash('keyed')));
    expect(report).toMatchObject({ chain: { intact: true }, resimulation: { identical: true } });
  });

  it('an engine run chained the old way (no secret) audits clean', async () => {
    const events = runScenario(exampleScenario(), 'legacy').events as unknown as Unchained[];
    const report = await auditEvents(rechained(events, genesisHash('legacy')));
    expect(report).toMatchObject({ chain: { intact: true }, resimulation: { identical: true } });
  });
});
