import * as fs from 'node:fs';

/**
 * A browser asset of the verifier as the service serves it: the file `npm run build` wrote (in dist), or, where there
 * is none (`npm start` runs from the sources), built from the sources on first request and kept. A failed build is
 * tried again at the next request rather than kept.
 */
export class BuiltOnFirstUse<T> {
  private asset: Promise<T> | undefined;

  constructor(
    private readonly builtFile: string,
    /** The asset from the built file's text. */
    private readonly fromFile: (text: string) => T,
    /** The asset built from the sources (esbuild, a development tool, loaded only then). */
    private readonly build: () => Promise<T>,
  ) {}

  get(): Promise<T> {
    this.asset ??= this.load();
    this.asset.catch(() => (this.asset = undefined));
    return this.asset;
  }

  private async load(): Promise<T> {
    if (!fs.existsSync(this.builtFile)) return this.build();
    return this.fromFile(await fs.promises.readFile(this.builtFile, 'utf8'));
  }
}
