import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PAGE_SOURCES, bundleVerifierFor, repositoryRoot } from './verifier-in-a-page.plugin';

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
  const sources = path.join(root, PAGE_SOURCES);
  const script = inlinable(await bundleVerifierFor(root, 'verify-page.main.ts', 'iife'), 'script');
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
