import { createHash } from 'node:crypto';
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

/** The page's sources (a browser app of its own: its entry, template and style sheet). */
const PAGE_SOURCES = path.join('apps', 'verify-page', 'src');

/** The repository root, from this file's folder in the sources or in a build. */
function repositoryRoot(from: string = __dirname): string {
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
 * The verifier's two modules that differ in a page: Node's crypto gives way to the portable one (the same checks on
 * @noble's primitives), and the validators Node compiles at run time to the ones generated here.
 */
function browserModules(root: string): Plugin {
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

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** `</script` or `</style` inside inlined code would end its element early. */
function inlinable(code: string, element: 'script' | 'style'): string {
  if (new RegExp(`</${element}`, 'i').test(code)) throw new Error(`the page's ${element} holds </${element}`);
  return code;
}

export interface VerifyPage {
  html: string;
  /** The content security policy the page states in its own head: its one script and style sheet, no network. */
  csp: string;
}

/**
 * The offline verifier page: one HTML file, its script (the verifier and the rules engine, bundled by esbuild from
 * their sources) and its style sheet inlined, and a content security policy in its head that lets it run nothing else
 * and reach no network, wherever it is opened from (a `file://` copy years later included).
 */
export async function buildVerifyPage(root: string = repositoryRoot()): Promise<VerifyPage> {
  const esbuild = await import('esbuild');
  const sources = path.join(root, PAGE_SOURCES);
  const bundle = await esbuild.build({
    entryPoints: [path.join(sources, 'verify-page.main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    tsconfig: path.join(sources, 'tsconfig.json'),
    plugins: [browserModules(root)],
    logLevel: 'silent',
  });
  const [output] = bundle.outputFiles;
  if (output === undefined) throw new Error('esbuild wrote no bundle');
  const script = inlinable(output.text, 'script');
  const style = inlinable(fs.readFileSync(path.join(sources, 'verify-page.css'), 'utf8'), 'style');
  const csp = [
    "default-src 'none'",
    `script-src ${sha256Source(script)}`,
    `style-src ${sha256Source(style)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const template = fs.readFileSync(path.join(sources, 'verify-page.html'), 'utf8');
  const html = template
    .replace('{{csp}}', () => csp)
    // Whole elements, so that what is hashed is exactly what the elements hold, however the template is laid out.
    .replace('{{style}}', () => `<style>${style}</style>`)
    .replace('{{script}}', () => `<script>${script}</script>`);
  return { html, csp };
}
