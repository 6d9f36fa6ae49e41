/** The replay page's verifier module: its name under `/replay/assets/`, and beside the controller in a build. */
export const REPLAY_VERIFIER_FILE = 'sanctum-verifier.js';
