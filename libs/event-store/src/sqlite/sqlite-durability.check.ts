import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Free space below which a commit may not fit: the largest append a game can make is under 1 MiB (docs/limits.md), and the WAL grows by whole pages and their frame headers until a checkpoint copies it back.
 */
export const MIN_FREE_BYTES = 8 * 1024 * 1024;

interface FileIdentity {
  dev: number;
  ino: number;
}

function identityOf(file: string): FileIdentity | null {
  try {
    const { dev, ino } = fs.statSync(file);
    return { dev, ino };
  } catch {
    return null;
  }
}

/** The free bytes of the file system holding `directory` (for an unprivileged writer). */
function freeBytesOf(directory: string): number {
  const { bavail, bsize } = fs.statfsSync(directory);
  return bavail * bsize;
}

/**
 * Whether a commit to a SQLite file would be durable, beyond what SQLite itself can see. A connection keeps
 * writing to the files it opened: if the WAL is deleted (an operator's mistake) or either file replaced, its
 * commits go on succeeding into a file no later start will read, and are lost at the next crash. So the files at
 * the path are compared with those opened (device and inode, taken at open), and the disk's free space is looked at.
 */
export class SqliteDurabilityCheck {
  private readonly opened: { what: string; file: string; identity: FileIdentity | null }[];

  constructor(
    private readonly file: string,
    private readonly freeBytes: (directory: string) => number = freeBytesOf,
  ) {
    this.opened = [
      { what: 'database', file, identity: identityOf(file) },
      { what: 'WAL', file: `${file}-wal`, identity: identityOf(`${file}-wal`) },
    ];
  }

  /** Why a commit now would not survive a restart (a file deleted or replaced), or null. */
  filesProblem(): string | null {
    for (const { what, file, identity } of this.opened) {
      if (identity === null) continue;
      const now = identityOf(file);
      if (now === null) return `the ${what} file ${file} was deleted while open: commits would be lost`;
      if (now.dev !== identity.dev || now.ino !== identity.ino) {
        return `the ${what} file ${file} was replaced while open: commits would be lost`;
      }
    }
    return null;
  }

  /** Why a commit now may not fit on the disk, or null. */
  spaceProblem(): string | null {
    let free: number;
    try {
      free = this.freeBytes(path.dirname(this.file));
    } catch (error) {
      return `the free space of ${path.dirname(this.file)} cannot be read: ${(error as Error).message}`;
    }
    if (free >= MIN_FREE_BYTES) return null;
    return `the disk of ${this.file} is full: ${free} bytes free, less than the ${MIN_FREE_BYTES} a commit may need`;
  }
}
