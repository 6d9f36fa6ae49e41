import * as fs from 'node:fs';
import * as path from 'node:path';
import standaloneCode from 'ajv/dist/standalone';
import type { Plugin } from 'esbuild';
import {
  EVENT_TYPES_OF_THE_VOCABULARY,
  METADATA_SCHEMA_REF,
  VOCABULARY_AJV_OPTIONS,
  dataSchemaRef,
  vocabularyAjv,
} from '@app/verifier';

/** The browser app of the verifier's pages: the offline page (entry, template, style sheet) and the replay page's. */
export const PAGE_SOURCES = path.join('apps', 'verify-page', 'src');

/** The repository root, from this file's folder in the sources or in a build. */
export function repositoryRoot(from: string = __dirname): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, PAGE_SOURCES, 'verify-page.html'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`the verifier page's sources (${PAGE_SOURCES}) are not found`);
  }
}

/**
 * The stored-event validators as code, generated from the same schema with the same options as the ones Node compiles
 * at run time (ajv's standalone code): a page's content security policy allows no code made at run time.
 */
function generatedVocabularyValidators(): string {
  const ajv = vocabularyAjv({
    ...VOCABULARY_AJV_OPTIONS,
    code: { ...VOCABULARY_AJV_OPTIONS.code, source: true },
  });
  const refs: Record<string, string> = { metadata: METADATA_SCHEMA_REF };
  for (const type of EVENT_TYPES_OF_THE_VOCABULARY) refs[`data_${type}`] = dataSchemaRef(type);
  return `${standaloneCode(ajv, refs)}
exports.vocabularyValidators = () => ({ dataOf: (type) => exports['data_' + type], metadata: () => exports.metadata });
`;
}

/**
 * The verifier's two modules that differ in a page (esbuild): Node's crypto gives way to the portable one (the same
 * checks on @noble's primitives), and the validators Node compiles at run time to the ones generated here. Every
 * bundle of the verifier for a browser is built with it, so that each runs the one verifier's code.
 */
export function verifierInAPage(root: string): Plugin {
  const verifier = path.join(root, 'libs', 'verifier', 'src');
  return {
    name: 'sanctum-verifier-in-a-page',
    setup(build) {
      build.onResolve({ filter: /\/platform-crypto$/ }, (args) =>
        args.importer.startsWith(verifier)
          ? { path: path.join(verifier, 'crypto', 'platform-crypto.browser.ts') }
          : undefined,
      );
      build.onResolve({ filter: /\/vocabulary-validators$/ }, (args) =>
        args.importer.startsWith(verifier) ? { path: 'vocabulary-validators', namespace: 'generated' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'generated' }, () => ({
        contents: generatedVocabularyValidators(),
        loader: 'js',
        resolveDir: root,
      }));
    },
  };
}

/**
 * One of the verifier's browser bundles (esbuild, from the sources of `PAGE_SOURCES`, with verifierInAPage): the
 * offline page's script (an IIFE it inlines) or the replay page's module (ESM it imports). esbuild is a development
 * tool: loaded only here, where a bundle is built.
 */
export async function bundleVerifierFor(root: string, entry: string, format: 'iife' | 'esm'): Promise<string> {
  const esbuild = await import('esbuild');
  const sources = path.join(root, PAGE_SOURCES);
  const bundle = await esbuild.build({
    entryPoints: [path.join(sources, entry)],
    bundle: true,
    write: false,
    format,
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
