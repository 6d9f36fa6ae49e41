import { type EventStoreOptions, storeSharedByMachines } from '@app/event-store';
import { loadServiceSecrets, type ReceiptKeySettings } from '@app/games';

export { SECRETS_FILE_NAME, secretsFileFor } from '@app/games';

/** The organiser's token and the key player tokens are derived with (docs/design.md: ORGANISER_TOKEN, SERVER_SECRET). */
export interface ViewerSecrets {
  organiserToken: string;
  serverSecret: string;
}

export interface ResolvedViewerSecrets extends ViewerSecrets {
  /** Where generated secrets are kept (null: nothing was generated, or the store is in memory, and so are they). */
  file: string | null;
  /** This start generated the organiser token: main.ts prints it, this once. */
  organiserTokenGenerated: boolean;
}

/** Nest injection token of the ResolvedViewerSecrets. */
export const VIEWER_SECRETS = Symbol('VIEWER_SECRETS');

/**
 * The configured secrets win; whatever is not configured comes from the secrets file (libs/games
 * service-secrets.file.ts), generated at the first start. Nothing here logs a secret: main.ts prints a generated
 * organiser token once.
 */
export function resolveViewerSecrets(given: Partial<ViewerSecrets>, file: string | null): ResolvedViewerSecrets {
  const { organiserToken, serverSecret } = given;
  if (organiserToken !== undefined && serverSecret !== undefined) {
    return { organiserToken, serverSecret, file: null, organiserTokenGenerated: false };
  }
  const { secrets, created } = loadServiceSecrets(file);
  return {
    organiserToken: organiserToken ?? secrets.organiserToken,
    serverSecret: serverSecret ?? secrets.serverSecret,
    file,
    organiserTokenGenerated: organiserToken === undefined && created,
  };
}

/**
 * Instances on one postgres store run on several machines: secrets generated into a file by each would differ
 * (one instance's player tokens refused by the next, its receipts signed by a key the others do not list), so that
 * store needs all three set, the same on every instance.
 */
export function assertSecretsSharedByInstances(
  store: EventStoreOptions,
  given: Partial<ViewerSecrets>,
  receiptKeys: ReceiptKeySettings,
): void {
  if (!storeSharedByMachines(store)) return;
  const missing = [
    given.organiserToken === undefined ? 'ORGANISER_TOKEN' : null,
    given.serverSecret === undefined ? 'SERVER_SECRET' : null,
    receiptKeys.signingKey === undefined ? 'RECEIPT_SIGNING_KEY' : null,
  ].filter((name) => name !== null);
  if (missing.length > 0) {
    throw new TypeError(
      `EVENT_STORE=${store.kind} needs ${missing.join(' and ')}: every instance on the shared store must use the same ` +
        'organiser token, server secret (e.g. from `openssl rand -base64 32`) and receipt signing key ' +
        '(an Ed25519 PKCS8 PEM, e.g. from `openssl genpkey -algorithm ed25519`)',
    );
  }
}
