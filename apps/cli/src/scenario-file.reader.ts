import { readFile } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import type { Scenario } from '@app/rules';
import { CliFailure } from './cli-failure.error';
import { EXIT } from './exit-codes';
import { userPath } from './user-path';

const READ_ERRORS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
};

/** Reads and checks a `*.scenario.json`; every failure names the file as the user gave it. */
@Injectable()
export class ScenarioFileReader {
  async read(file: string): Promise<Scenario> {
    let text: string;
    try {
      text = await readFile(userPath(file), 'utf8');
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      throw new CliFailure(EXIT.invalidInput, `${file}: cannot read the file: ${READ_ERRORS[code ?? ''] ?? message}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new CliFailure(EXIT.invalidInput, `${file}: not valid JSON: ${(error as Error).message}`);
    }
    return this.parse(file, json);
  }

  /** A file's JSON as a scenario; a refusal names the file, then `refusal` (what the caller took the file for). */
  async parse(file: string, json: unknown, refusal = ''): Promise<Scenario> {
    // The parser (its DTOs and class-validator) loads when a scenario is read, not with every command that may read one.
    const { parseScenarioFile, ScenarioFileInvalid } = await import('@app/games/scenario-file');
    try {
      return parseScenarioFile(json);
    } catch (error) {
      if (error instanceof ScenarioFileInvalid) {
        throw new CliFailure(EXIT.invalidInput, `${file}: ${refusal}${error.message}`);
      }
      throw error;
    }
  }
}
