import { loadServiceSecrets } from '@app/games';

export { SECRETS_FILE_NAME, secretsFileFor } from '@app/games';

/** The organiser's token and the key player tokens are derived with (DESIGN.md "Stores": ORGANISER_TOKEN, SERVER_SECRET). */
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
