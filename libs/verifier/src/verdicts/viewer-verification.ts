import { canonicalJson } from '../canonical/canonical-json';
import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import { hexOf } from '../encoding/byte-encodings';
import { type StatementOfFile, statementsOfText } from '../files/statement-file.parse';
import { UnusableInputError } from '../files/unusable-input.error';
import { type VerificationKeys, verificationKeysOfText } from '../keys/verification-keys';
import { checkpointAsWritten, headOfTlogProof } from '../log/held-log-texts';
import type { SignedGameHead } from '../receipts/game-head';
import { type HeldStatement, heldStatementsVerdict } from '../receipts/held-statements.check';
import type { Receipt } from '../receipts/receipt';
import { type ExportVerification, verifyExport } from './export-verification';
import type { CheckOutcome } from './files-verification';
import { type NamedText, proofVerdict } from './proof-verdict';
import { type VerdictLines, statementVerdicts } from './statement-verdicts';

/** A text a page fetched from the service, or why the service has none (its answer: a head not logged yet…). */
export type Fetched = NamedText | { missing: string };

/** Everything a viewer of one game holds, as a page fetched and kept it: what verifyViewerHoldings checks. */
export interface ViewerHoldings {
  gameId: string;
  /** The keys signatures are checked with: the service's list (`GET /.well-known/sanctum-keys`), or keys pinned. */
  keys: NamedText;
  /** The game's signed head now (`GET /games/:id/head`). */
  head: NamedText;
  /** The receipts this viewer may see, as served now (`GET /games/:id/receipts`). */
  receipts: readonly Receipt[];
  /** What the viewer kept from its last look at the game (a page: in the browser's storage). */
  kept: { receipts: readonly Receipt[]; head: SignedGameHead | null };
  log: {
    /** The tournament log's checkpoint now (`GET /log/checkpoint`). */
    checkpoint: Fetched;
    /** The tlog-proof of the game's last logged head in the log of that checkpoint's size (`GET /log/tlog-proof`). */
    inclusion: Fetched;
    /** The checkpoint kept from the last look, and the consistency proof from its size (`GET /log/tlog-consistency`). */
    kept: { checkpoint: NamedText; consistency: Fetched } | null;
  };
  /** The game's whole record (`GET /games/:id/export`), where it is the viewer's to read (published, or the organiser). */
  record?: {
    chunks: AsyncIterable<string> | Iterable<string>;
    /** Called every thousand events with how many were re-simulated (awaited: a page repaints there). */
    onProgress?: (events: number) => void | Promise<void>;
  };
}

/** `noted`: nothing to compare with yet (a first look at the log, a head not logged yet), which is no failure. */
export type ViewerOutcome = CheckOutcome | 'noted';

export type ViewerCheckId = 'keys' | 'receipts' | 'heads' | 'agreement' | 'record' | 'inclusion' | 'log';

/** One check of what the viewer holds: in a sentence, its verdict lines, and the command that gives the same verdict. */
export interface ViewerCheck {
  id: ViewerCheckId;
  outcome: ViewerOutcome;
  headline: string;
  lines: string[];
  /** `sanctum verify-proof G.tlog-proof --key keys.json --tree-head log-5.checkpoint`; null: no command checks this. */
  command: string | null;
}

export interface ViewerVerification {
  checks: ViewerCheck[];
  /** The files the checks read, under the names their commands give them: a judge may run the same commands. */
  files: NamedText[];
  /** What to keep for the next look; null: keep what is kept (a check failed, and the failure must show again). */
  keep: { checkpoint: string | null; receipts: Receipt[] | null; head: SignedGameHead | null };
}

const missing = (fetched: Fetched | null): fetched is { missing: string } => fetched !== null && 'missing' in fetched;

function outcomeOf(verdict: VerdictLines): CheckOutcome {
  return verdict.holds ? 'holds' : 'does not hold';
}

/** The last verdict line without its `verdict: …:` head, for a headline: what failed, in the command line's words. */
function whatFailed(lines: readonly string[]): string {
  return (lines.at(-1) ?? '').replace(/^verdict: [A-Z ]+: /, '');
}

/** Why a proof does not hold: its verdict line says `<claim>? <reason>`. */
function whyProofFails(lines: readonly string[]): string {
  const failed = whatFailed(lines);
  const reason = failed.indexOf('? ');
  return reason < 0 ? failed : failed.slice(reason + 2);
}

/** The file the page writes itself of these items, one JSON line each (the one the command line would be given). */
function fileOf(name: string, items: readonly { value: unknown }[]): NamedText {
  return { name, text: items.map(({ value }) => `${JSON.stringify(value)}\n`).join('') };
}

/** The statements of that file, each place saying where the statement came from. */
function statementsOf(
  file: NamedText,
  items: readonly { source: string }[],
  kind: 'receipt' | 'game head',
): StatementOfFile[] {
  if (items.length === 0) return [];
  return statementsOfText(file.text, file.name, kind).map((statement, i) => ({
    ...statement,
    place: `${statement.place} (${items[i]?.source ?? ''})`,
  }));
}

function canonical(value: unknown): string {
  try {
    return canonicalJson(value);
  } catch {
    return JSON.stringify(value);
  }
}

/**
 * The primitives, each signature verified once: a look checks the same receipts twice (their signatures alone, then
 * the record holding them), and in a page a signature costs about as much as re-simulating a few events.
 */
function verifyingEachSignatureOnce(crypto: VerifierCrypto): VerifierCrypto {
  const known = new Map<string, boolean>();
  return {
    sha256Hex: (text) => crypto.sha256Hex(text),
    hmacSha256Hex: (key, text) => crypto.hmacSha256Hex(key, text),
    sha256: (...parts) => crypto.sha256(...parts),
    verifyEd25519(publicKey, message, signature) {
      const key = `${hexOf(publicKey)}:${hexOf(signature)}:${hexOf(message)}`;
      let valid = known.get(key);
      if (valid === undefined) {
        valid = crypto.verifyEd25519(publicKey, message, signature);
        known.set(key, valid);
      }
      return valid;
    },
  };
}

/** The record's verdict in a sentence: the first revision that does not hold, and why, in the engine's words. */
function recordHeadline(verification: ExportVerification): string {
  const { report } = verification;
  if (verification.holds) {
    return (
      `The whole record re-simulates: every event of revisions 0–${report.revision} is what the engine derives, ` +
      'the hash chain holds, and the record holds every receipt and head you hold'
    );
  }
  const divergence = report.resimulation.firstDivergence;
  const broken = report.chain.firstBrokenRevision;
  if (divergence !== null && (broken === null || divergence.revision <= broken)) {
    return `The record does not hold from revision ${divergence.revision}: ${divergence.reason}`;
  }
  if (broken !== null) {
    return `The record does not hold from revision ${broken}: the hash chain breaks there (${report.chain.reason ?? 'broken'})`;
  }
  return `The record does not hold what you hold: ${whatFailed(verification.lines)}`;
}

/**
 * What a viewer holds of one game, checked in a page as the command line checks it (the same functions): the
 * signatures of the receipts and heads it holds (`sanctum verify-receipt`), that they agree with the game's head
 * now, among themselves and with what it kept from its last look (a chain hash at a revision depends on every event
 * up to it, so a receipt the service now contradicts is a game rewritten at or before it); where the record is the
 * viewer's to read, the record re-simulated and holding every receipt and head (`sanctum verify`); the game's head
 * in the tournament log (`sanctum verify-proof` of its tlog-proof against the checkpoint now); and the log now
 * extending the checkpoint kept from the last look (`sanctum verify-proof` of the consistency proof against it), so
 * that a rewritten log is caught the next time the viewer looks. Nothing is fetched here: the page hands the texts.
 */
export async function verifyViewerHoldings(
  holdings: ViewerHoldings,
  primitives: VerifierCrypto = platformCrypto,
): Promise<ViewerVerification> {
  const crypto = verifyingEachSignatureOnce(primitives);
  const { gameId } = holdings;
  const files: NamedText[] = [holdings.keys];
  const checks: ViewerCheck[] = [];
  const keep: ViewerVerification['keep'] = { checkpoint: null, receipts: null, head: null };
  let keys: VerificationKeys;
  try {
    keys = await verificationKeysOfText(holdings.keys.text, `--key ${holdings.keys.name}`, holdings.keys.name, crypto);
  } catch (error) {
    if (!(error instanceof UnusableInputError)) throw error;
    checks.push({
      id: 'keys',
      outcome: 'unusable',
      headline: 'The keys cannot be read',
      lines: [error.message],
      command: null,
    });
    return { checks, files, keep };
  }
  const withKey = `--key ${keys.name}`;

  // The files the commands read: the receipts (served now, then those kept that are not served now), the heads.
  const receiptsName = `${gameId}-receipts.jsonl`;
  const seen = new Set<string>();
  const receiptItems: { value: Receipt; source: string }[] = [];
  for (const [receipts, source] of [
    [holdings.receipts, 'served now'],
    [holdings.kept.receipts, 'kept from your last look'],
  ] as const) {
    for (const receipt of receipts) {
      const key = canonical(receipt);
      if (seen.has(key)) continue;
      seen.add(key);
      receiptItems.push({ value: receipt, source });
    }
  }
  const inclusion = holdings.log.inclusion;
  const logged = missing(inclusion) ? null : headOfTlogProof(inclusion.text);
  let head: SignedGameHead | null = null;
  try {
    const value = JSON.parse(holdings.head.text) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) head = value as SignedGameHead;
  } catch {
    head = null;
  }
  if (head === null) {
    const lines = [`${holdings.head.name}: not a signed head (a JSON object)`];
    checks.push({ id: 'heads', outcome: 'unusable', headline: "The game's head cannot be read", lines, command: null });
    return { checks, files, keep };
  }
  const headItems: { value: unknown; source: string }[] = [{ value: head, source: 'the head now' }];
  if (holdings.kept.head !== null && canonical(holdings.kept.head) !== canonical(head)) {
    headItems.push({ value: holdings.kept.head, source: 'the head kept from your last look' });
  }
  if (logged !== null) headItems.push({ value: logged, source: 'the head in the tournament log' });
  const headsName = `${gameId}-heads.jsonl`;
  const receiptsFile = fileOf(receiptsName, receiptItems);
  const headsFile = fileOf(headsName, headItems);
  files.push(receiptsFile, headsFile);
  const receiptStatements = statementsOf(receiptsFile, receiptItems, 'receipt');
  const headStatements = statementsOf(headsFile, headItems, 'game head');

  if (receiptStatements.length > 0) {
    const verdict = statementVerdicts(receiptStatements, keys, crypto);
    checks.push({
      id: 'receipts',
      outcome: outcomeOf(verdict),
      headline: verdict.holds
        ? `The ${receiptStatements.length} receipts you hold are signed by the service`
        : `A receipt you hold is not the service's: ${whatFailed(verdict.lines)}`,
      lines: verdict.lines,
      command: `sanctum verify-receipt ${receiptsName} ${withKey}`,
    });
  }
  const headVerdict = statementVerdicts(headStatements, keys, crypto);
  checks.push({
    id: 'heads',
    outcome: outcomeOf(headVerdict),
    headline: headVerdict.holds
      ? `The game's head${headStatements.length > 1 ? ' and the heads you hold are' : ' is'} signed by the service`
      : `A head is not the service's: ${whatFailed(headVerdict.lines)}`,
    lines: headVerdict.lines,
    command: `sanctum verify-receipt ${headsName} ${withKey}`,
  });

  const signedHead = headVerdict.holds ? head : null;
  if (signedHead !== null) {
    const held: HeldStatement[] = [
      ...receiptStatements.map(({ place, value }) => ({
        place,
        kind: 'receipt' as const,
        statement: value as unknown as Receipt,
      })),
      ...headStatements.slice(1).map(({ place, value }) => ({
        place,
        kind: 'game head' as const,
        statement: value as unknown as SignedGameHead,
      })),
    ];
    const verdict = heldStatementsVerdict({
      gameId,
      head: { place: headStatements[0]?.place ?? headsName, head: signedHead },
      held,
    });
    checks.push({
      id: 'agreement',
      outcome: outcomeOf(verdict),
      headline: verdict.holds
        ? `Every receipt and head you hold agrees with the game's head at revision ${signedHead.revision}`
        : `What you hold does not agree with the game now: ${whatFailed(verdict.lines)}`,
      lines: verdict.lines,
      command: null,
    });
  }

  if (holdings.record !== undefined) {
    const name = `${gameId}.jsonl`;
    const command = `sanctum verify ${name}${receiptStatements.length > 0 ? ` --receipts ${receiptsName} ${withKey}` : ''}`;
    try {
      const verification = await verifyExport(
        {
          name,
          chunks: holdings.record.chunks,
          receipts: {
            statements: receiptStatements,
            keys,
            heads: headStatements.map(({ place, value }) => ({ place, head: value as unknown as SignedGameHead })),
          },
          onProgress: holdings.record.onProgress,
        },
        crypto,
      );
      checks.push({
        id: 'record',
        outcome: outcomeOf(verification),
        headline: recordHeadline(verification),
        lines: verification.lines,
        command,
      });
    } catch (error) {
      if (!(error instanceof UnusableInputError)) throw error;
      checks.push({
        id: 'record',
        outcome: 'unusable',
        headline: 'The record cannot be read',
        lines: [error.message],
        command,
      });
    }
  }
  // Every check so far holds only if the head is signed, what is held agrees with it and the record (if read) holds.
  if (signedHead !== null && checks.every((check) => check.outcome === 'holds')) {
    keep.receipts = [...holdings.receipts];
    keep.head = signedHead;
  }

  const now = holdings.log.checkpoint;
  if (missing(now)) {
    checks.push({
      id: 'log',
      outcome: 'unusable',
      headline: 'The log’s checkpoint cannot be read',
      lines: [now.missing],
      command: null,
    });
    return { checks, files, keep };
  }
  const nowSize = checkpointAsWritten(now.text)?.size;
  const nowFile: NamedText = { name: `log-${nowSize ?? 'now'}.checkpoint`, text: now.text };
  files.push(nowFile);

  if (missing(inclusion)) {
    checks.push({
      id: 'inclusion',
      outcome: 'noted',
      headline: "The game's head is not in the tournament log yet: the organiser logs heads after each round",
      lines: [inclusion.missing],
      command: null,
    });
  } else {
    const proof: NamedText = { name: `${gameId}.tlog-proof`, text: inclusion.text };
    files.push(proof);
    const command = `sanctum verify-proof ${proof.name} ${withKey} --tree-head ${nowFile.name}`;
    checks.push(
      await proofCheck('inclusion', command, async () => {
        const verdict = await proofVerdict(proof, keys, nowFile, crypto);
        const of = logged === null ? 'a head' : `The game's head at revision ${String(logged.revision)}`;
        return {
          verdict,
          headline: verdict.holds
            ? `${of} is in the tournament log of size ${nowSize ?? '?'}`
            : `The log's proof of the game's head does not hold: ${whyProofFails(verdict.lines)}`,
        };
      }),
    );
  }

  const kept = holdings.log.kept;
  if (kept === null) {
    const check = await proofCheck('log', `sanctum verify-proof ${nowFile.name} ${withKey}`, async () => {
      const verdict = await proofVerdict(nowFile, keys, undefined, crypto);
      return {
        verdict,
        headline: verdict.holds
          ? `First look: this browser now keeps the log's checkpoint (size ${nowSize ?? '?'}); the next look checks that the log still extends it`
          : `The log's checkpoint is not signed by the log: ${whatFailed(verdict.lines)}`,
      };
    });
    if (check.outcome === 'holds') {
      check.outcome = 'noted';
      keep.checkpoint = now.text;
    }
    checks.push(check);
    return { checks, files, keep };
  }
  const keptSize = checkpointAsWritten(kept.checkpoint.text)?.size;
  const keptFile: NamedText = { name: `kept-log-${keptSize ?? 'unknown'}.checkpoint`, text: kept.checkpoint.text };
  files.push(keptFile);
  const consistency = kept.consistency;
  if (missing(consistency)) {
    checks.push({
      id: 'log',
      outcome: 'does not hold',
      headline:
        `The log was rewritten since you last looked: it had ${keptSize ?? '?'} heads then, and now holds ` +
        `${nowSize ?? '?'}, without the log you saw`,
      lines: [consistency.missing],
      command: null,
    });
    return { checks, files, keep };
  }
  const proof: NamedText = { name: `log-${keptSize ?? 'kept'}-to-${nowSize ?? 'now'}.txt`, text: consistency.text };
  files.push(proof);
  const check = await proofCheck(
    'log',
    `sanctum verify-proof ${proof.name} ${withKey} --tree-head ${keptFile.name}`,
    async () => {
      const verdict = await proofVerdict(proof, keys, keptFile, crypto);
      return {
        verdict,
        headline: verdict.holds
          ? `The log has not been rewritten since you last looked (size ${keptSize ?? '?'} then, ${nowSize ?? '?'} now)`
          : `The log was rewritten since you last looked: ${whyProofFails(verdict.lines)}`,
      };
    },
  );
  // Only a log shown to extend the kept checkpoint replaces it: a failure (or a kept checkpoint the keys no longer
  // open, as a log that dropped its old key would have it) must show again at the next look.
  if (check.outcome === 'holds') keep.checkpoint = now.text;
  checks.push(check);
  return { checks, files, keep };
}

async function proofCheck(
  id: ViewerCheckId,
  command: string,
  run: () => Promise<{ verdict: VerdictLines; headline: string }>,
): Promise<ViewerCheck> {
  try {
    const { verdict, headline } = await run();
    return { id, outcome: outcomeOf(verdict), headline, lines: verdict.lines, command };
  } catch (error) {
    if (!(error instanceof UnusableInputError)) throw error;
    return { id, outcome: 'unusable', headline: 'The log’s proof cannot be read', lines: [error.message], command };
  }
}
