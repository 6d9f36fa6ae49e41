import * as path from 'node:path';
import { PAGE_SOURCES, repositoryRoot, verifierInAPage } from './verifier-in-a-page.plugin';

/**
 * The replay page's verifier: one ES module (the verifier and the rules engine, bundled by esbuild from their sources,
 * as the offline page's script is) that the page imports when its Verify action is first used. Served from the
 * service's own origin, as the page's content security policy asks of every script.
 */
export async function buildReplayVerifier(root: string = repositoryRoot()): Promise<string> {
  const esbuild = await import('esbuild');
  const sources = path.join(root, PAGE_SOURCES);
  const bundle = await esbuild.build({
    entryPoints: [path.join(sources, 'replay-page-verifier.main.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    tsconfig: path.join(sources, 'tsconfig.json'),
    plugins: [verifierInAPage(root)],
    logLevel: 'silent',
  });
  const [output] = bundle.outputFiles;
  if (output === undefined) throw new Error('esbuild wrote no bundle');
  return output.text;
}
