/**
 * The verifier as the replay page loads it (`/replay/assets/sanctum-verifier.js`, an ES module bundled by esbuild from
 * the same sources as the offline page and the command line): its Verify action fetches what the viewer holds and
 * hands it here. Nothing of the page's own code is in it; nothing is fetched from it.
 */
export { checkpointAsWritten, textChunksOf, verifyViewerHoldings } from '@app/verifier';
export type { Fetched, ViewerCheck, ViewerHoldings, ViewerVerification } from '@app/verifier';
