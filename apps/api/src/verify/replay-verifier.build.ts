import { bundleVerifierFor, repositoryRoot } from './verifier-in-a-page.plugin';

/**
 * The replay page's verifier: one ES module (the verifier and the rules engine, bundled by esbuild from their sources,
 * as the offline page's script is) that the page imports when its Verify action is first used. Served from the
 * service's own origin, as the page's content security policy asks of every script.
 */
export function buildReplayVerifier(root: string = repositoryRoot()): Promise<string> {
  return bundleVerifierFor(root, 'replay-page-verifier.main.ts', 'esm');
}
