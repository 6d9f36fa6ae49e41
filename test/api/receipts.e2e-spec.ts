import * as fs from 'node:fs';
import * as path from 'node:path';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import {
  DEFAULT_TOURNAMENT_LOG_ORIGIN,
  type GameEventLine,
  type Receipt,
  formatVerifierKey,
  generateSigningKeyPem,
  keyIdOf,
  keysOfPublished,
  spkiOfEd25519,
  noteVerifierKeyOf,
  rotateReceiptSigningKey,
  verifyStatementOfKind,
} from '@app/games';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { countOf, readScenario, setupBody, waitForEvents } from './support/scenario.http-player';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');

/** What the organiser's event list says a receipt must be: the stored hash at that revision, the command's id. */
function expectHeld(receipt: Receipt, events: GameEventLine[], commandId: string): void {
  expect(receipt).toMatchObject({ revision: expect.any(Number), commandId });
  const at = events[receipt.revision];
  expect(receipt.hash).toBe(at.metadata.hash);
  expect(at.metadata.commandId).toBe(commandId);
  // The command's last event: the next one (if any) is another command's.
  expect(events[receipt.revision + 1]?.metadata.commandId).not.toBe(commandId);
}

describe('receipts: every acknowledged command answers with a signed receipt (issue #18)', () => {
  const dir = makeTempDir();
  const dbPath = path.join(dir, 'receipts.db');
  let api: ApiTestApp;
  let keys: ReturnType<typeof keysOfPublished>;
  const answered: Receipt[] = [];
  let tokens: { red: string; blue: string };
  let events: GameEventLine[];

  const verifies = (receipt: unknown) => verifyStatementOfKind(receipt, 'receipt', keys);

  beforeAll(async () => {
    api = await startApi(dbPath);
    const document = (await api.as().get('/.well-known/sanctum-keys').expect(200)).body as unknown;
    keys = keysOfPublished(document, 'sanctum-keys');

    const created = await api.organiser
      .post('/games')
      .set('Idempotency-Key', 'set-up')
      .send(setupBody(readScenario(EXAMPLE), 'signed'));
    expect(created.status).toBe(201);
    tokens = created.body.playerTokens;
    answered.push(created.body.receipt);
    const red = api.as(tokens.red);
    const blue = api.as(tokens.blue);
    const bolt = await red
      .post('/games/signed/orders')
      .set('Idempotency-Key', 'red-bolt')
      .send({ player: 'red', cast: 'bolt', target: { minion: 'b-archer' } })
      .expect(201);
    answered.push(bolt.body.receipt);
    const mend = await blue
      .post('/games/signed/orders')
      .set('Idempotency-Key', 'blue-mend')
      .send({ player: 'blue', cast: 'mend', target: { minion: 'b-archer' } })
      .expect(201);
    answered.push(mend.body.receipt);
    const cancelled = await blue
      .delete(`/games/signed/orders/${mend.body.orderId}?player=blue`)
      .set('Idempotency-Key', 'blue-cancel')
      .expect(200);
    answered.push(cancelled.body.receipt);
    for (const [colour, client] of [
      ['red', red],
      ['blue', blue],
    ] as const) {
      const confirmed = await client
        .post('/games/signed/confirm')
        .set('Idempotency-Key', `${colour}-confirm`)
        .send({ player: colour })
        .expect(200);
      answered.push(confirmed.body.receipt);
    }
    events = await waitForEvents(api, 'signed', (lines) => countOf(lines, 'GarbageCollected') === 1);
  });
  afterAll(async () => {
    await api.close();
    removeTempDir(dir);
  });

  it('publishes its keys: one Ed25519 key, its id derived from its SPKI DER', async () => {
    const document = (await api.as().get('/.well-known/sanctum-keys').expect(200)).body as {
      keys: { keyId: string; publicKey: string }[];
    };
    expect(document.keys).toHaveLength(1);
    const [{ keyId, publicKey }] = document.keys;
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(keyId).toBe(keyIdOf(createPublicKey(publicKey)));
    expect(keyId).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('the set-up, an order, a cancellation and both confirmations each answer a receipt that holds and verifies', () => {
    const commands = ['set-up', 'red-bolt', 'blue-mend', 'blue-cancel', 'red-confirm', 'blue-confirm'];
    expect(answered.map((receipt) => receipt.commandId)).toEqual(commands);
    for (const [i, receipt] of answered.entries()) {
      expect(Object.keys(receipt)).toEqual(['gameId', 'revision', 'hash', 'commandId', 'keyId', 'signature']);
      expect(receipt.gameId).toBe('signed');
      expectHeld(receipt, events, commands[i]);
      expect(verifies(receipt)).toEqual({ valid: true, keyId: receipt.keyId });
    }
  });

  it('a receipt altered in any field does not verify', () => {
    const [, bolt] = answered;
    expect(verifies({ ...bolt, revision: bolt.revision + 1 }).valid).toBe(false);
    expect(verifies({ ...bolt, hash: answered[2].hash }).valid).toBe(false);
    expect(verifies({ ...bolt, commandId: 'red-bolt-2' }).valid).toBe(false);
    expect(verifies({ ...bolt, gameId: 'other' }).valid).toBe(false);
    expect(verifies({ ...bolt, signature: answered[2].signature }).valid).toBe(false);
    expect(verifies({ ...bolt, keyId: 'AAAAAAAAAAAAAAAA' })).toEqual({
      valid: false,
      reason: 'key AAAAAAAAAAAAAAAA is not one of the listed keys',
    });
  });

  it('a retried Idempotency-Key answers the first receipt again, byte for byte', async () => {
    const red = api.as(tokens.red);
    const retried = await red
      .post('/games/signed/orders')
      .set('Idempotency-Key', 'red-bolt')
      .send({ player: 'red', cast: 'bolt', target: { minion: 'b-archer' } })
      .expect(201);
    expect(retried.body.receipt).toEqual(answered[1]);
    const recreated = await api.organiser
      .post('/games')
      .set('Idempotency-Key', 'set-up')
      .send(setupBody(readScenario(EXAMPLE), 'signed'))
      .expect(201);
    expect(recreated.body.receipt).toEqual(answered[0]);
  });

  it('the scheduled collection, which nobody calls over HTTP, has a receipt everybody may read', async () => {
    const collection = events.find((event) => event.type === 'GarbageCollected') as GameEventLine;
    const commandId = String(collection.metadata.commandId);
    for (const token of [undefined, tokens.red, tokens.blue, api.organiserToken]) {
      const { body } = await api
        .as(token)
        .get(`/games/signed/receipts?commandId=${encodeURIComponent(commandId)}`)
        .expect(200);
      expect(body.receipts).toHaveLength(1);
      expectHeld(body.receipts[0], events, commandId);
      expect(verifies(body.receipts[0]).valid).toBe(true);
    }
  });

  it('lists to each viewer the receipts it may see, the same ones the commands were answered with', async () => {
    const list = async (token?: string) =>
      ((await api.as(token).get('/games/signed/receipts').expect(200)).body.receipts as Receipt[]).map(
        (r) => r.commandId,
      );
    const collection = String(events.find((event) => event.type === 'GarbageCollected')?.metadata.commandId);
    expect(await list(api.organiserToken)).toEqual([...answered.map((r) => r.commandId), collection]);
    expect(await list(tokens.red)).toEqual(['set-up', 'red-bolt', 'red-confirm', collection]);
    expect(await list(tokens.blue)).toEqual(['set-up', 'blue-mend', 'blue-cancel', 'blue-confirm', collection]);
    expect(await list()).toEqual(['set-up', collection]);
    // The organiser may look through another viewer's eyes (?as=), exactly; nobody else may.
    const as = async (view: string) =>
      ((await api.organiser.get(`/games/signed/receipts?as=${view}`).expect(200)).body.receipts as Receipt[]).map(
        (r) => r.commandId,
      );
    expect(await as('red')).toEqual(await list(tokens.red));
    expect(await as('public')).toEqual(await list());
    await api.as(tokens.red).get('/games/signed/receipts?as=blue').expect(403);
    const all = (await api.organiser.get('/games/signed/receipts').expect(200)).body.receipts as Receipt[];
    expect(all.slice(0, answered.length)).toEqual(answered);
    // The other side's command is answered like one that does not exist.
    expect(
      (await api.as(tokens.red).get('/games/signed/receipts?commandId=blue-mend').expect(200)).body.receipts,
    ).toEqual([]);
    expect(
      (await api.as(tokens.red).get('/games/signed/receipts?commandId=nothing').expect(200)).body.receipts,
    ).toEqual([]);
  });

  it('answers a signed head for the latest revision, to anyone', async () => {
    const { body } = await api.as().get('/games/signed/head').expect(200);
    const last = events[events.length - 1];
    expect(body).toEqual({
      gameId: 'signed',
      revision: last.revision,
      hash: last.metadata.hash,
      keyId: expect.any(String),
      signature: expect.any(String),
    });
    expect(verifyStatementOfKind(body, 'game head', keys).valid).toBe(true);
    await api.as().get('/games/nowhere/head').expect(404);
  });

  it('refuses a malformed commandId, naming the field, and an unknown game', async () => {
    const response = await api
      .as()
      .get(`/games/signed/receipts?commandId=${'x'.repeat(65)}`)
      .expect(400);
    expect(JSON.stringify(response.body)).toMatch(/commandId must be 1 to 64 printable ASCII/);
    await api.as().get('/games/nowhere/receipts').expect(404);
  });

  it('a second process on the same store signs with the same key; a rotation keeps the old key listed', async () => {
    const second = await startApi(dbPath, { gcScheduler: false });
    try {
      expect((await second.as().get('/.well-known/sanctum-keys').expect(200)).body).toEqual({
        keys: [...keys.entries()].map(([keyId, raw]) => {
          const key = createPublicKey({ key: Buffer.from(spkiOfEd25519(raw)), format: 'der', type: 'spki' });
          return {
            keyId,
            publicKey: key.export({ type: 'spki', format: 'pem' }),
            vkey: formatVerifierKey(noteVerifierKeyOf(DEFAULT_TOURNAMENT_LOG_ORIGIN, key)),
          };
        }),
      });
      const again = await second.as().get('/games/signed/receipts').expect(200);
      expect(again.body.receipts).toEqual((await api.as().get('/games/signed/receipts').expect(200)).body.receipts);
    } finally {
      await second.close();
    }
    const secretsFile = path.join(dir, 'secrets.json');
    const before = JSON.parse(fs.readFileSync(secretsFile, 'utf8'));
    rotateReceiptSigningKey(secretsFile);
    const rotated = await startApi(dbPath, { gcScheduler: false });
    try {
      const document = (await rotated.as().get('/.well-known/sanctum-keys').expect(200)).body;
      const listed = keysOfPublished(document, 'after rotation');
      expect(listed.size).toBe(2);
      const [newKeyId] = listed.keys();
      const oldKeyId = keyIdOf(createPublicKey(createPrivateKey(before.receiptSigningKey)));
      expect(newKeyId).not.toBe(oldKeyId);
      expect(document.keys[1].keyId).toBe(oldKeyId);
      // Receipts signed before the rotation still verify; new ones are signed with the new key.
      for (const receipt of answered) expect(verifyStatementOfKind(receipt, 'receipt', listed).valid).toBe(true);
      const head = (await rotated.as().get('/games/signed/head').expect(200)).body;
      expect(head.keyId).toBe(newKeyId);
      expect(verifyStatementOfKind(head, 'game head', listed).valid).toBe(true);
      expect(verifyStatementOfKind(head, 'game head', keys).valid).toBe(false);
    } finally {
      await rotated.close();
    }
  });

  it('RECEIPT_SIGNING_KEY sets the key; the generated one stays listed (it signed before)', async () => {
    const own = generateSigningKeyPem();
    const configured = await startApi(dbPath, { gcScheduler: false, receiptKeys: { signingKey: own } });
    try {
      const listed = keysOfPublished(
        (await configured.as().get('/.well-known/sanctum-keys').expect(200)).body,
        'configured',
      );
      const ownId = keyIdOf(createPublicKey(createPrivateKey(own)));
      expect([...listed.keys()][0]).toBe(ownId);
      expect(listed.size).toBe(3);
      expect((await configured.as().get('/games/signed/head').expect(200)).body.keyId).toBe(ownId);
    } finally {
      await configured.close();
    }
  });
});
