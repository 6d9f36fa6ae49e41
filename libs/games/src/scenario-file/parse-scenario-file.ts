import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { ValidatorOptions } from 'class-validator';
import { type GameSetup, type Scenario, SETUP_LIMITS } from '@app/rules';
import { GameSetupDto } from './game-setup.dto';
import { ScenarioFileDto } from './scenario-file.dto';
import { ScenarioFileInvalid } from './scenario-file-invalid.error';
import { validationProblems } from './validation-problems';
import { jsonShapeProblems } from './json-shape.check';

/** Unknown fields are errors, not silently dropped: a typo (`"armour"`) must not change a game quietly. */
export const SCENARIO_VALIDATION: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  // One message per field: a missing field is "required", not also "must be an integer".
  stopAtFirstError: true,
};

function isPlainObject(json: unknown): json is Record<string, unknown> {
  return json !== null && typeof json === 'object' && !Array.isArray(json);
}

/** What no single DTO can see: a spell's (a terrain's) `key` must equal the key it is filed under. */
function keyProblems(json: Record<string, unknown>, map: 'spells' | 'terrains'): string[] {
  const filed = json[map];
  if (!isPlainObject(filed)) return [];
  return Object.entries(filed).flatMap(([key, definition]) =>
    isPlainObject(definition) && typeof definition.key === 'string' && definition.key !== key
      ? [`${map}.${key}.key must equal its key in ${map} ("${key}")`]
      : [],
  );
}

/** A set-up past SETUP_LIMITS.setupBytes characters of JSON, which the rules refuse: `[]` or its problem. */
export function setupLengthProblems(length: number): string[] {
  const most = SETUP_LIMITS.setupBytes;
  return length > most ? [`setup is ${length} characters of JSON, more than the ${most} it may have`] : [];
}

function check(dto: new () => object, json: unknown, lengthProblems?: (length: number) => string[]): void {
  if (!isPlainObject(json)) throw new ScenarioFileInvalid(['(file) must be a JSON object']);
  // Checked first: the validators recurse without limit and trip over reserved keys before reporting them.
  const unsafe = jsonShapeProblems(json);
  if (unsafe.length > 0) throw new ScenarioFileInvalid(unsafe);
  // And before validating what the rules would refuse for its size anyway: that costs far more than measuring.
  const tooLong = lengthProblems?.(JSON.stringify(json).length) ?? [];
  if (tooLong.length > 0) throw new ScenarioFileInvalid(tooLong);
  const problems = validationProblems(validateSync(plainToInstance(dto, json), SCENARIO_VALIDATION));
  problems.push(...keyProblems(json, 'spells'), ...keyProblems(json, 'terrains'));
  if (problems.length > 0) throw new ScenarioFileInvalid(problems);
}

/** The file without its `$schema`: an editor's pointer to the JSON Schema, which the rules have no use for. */
function withoutSchemaReference(file: Record<string, unknown>): Record<string, unknown> {
  if (!('$schema' in file)) return file;
  return Object.fromEntries(Object.entries(file).filter(([key]) => key !== '$schema'));
}

/**
 * Checks the shape of a parsed `*.scenario.json` (docs/design.md)
 * and returns it typed. Throws ScenarioFileInvalid listing every problem with its path. What the rules decide
 * (ids resolve, groups are legal, actions fit their hooks) is left to the engine, which names the field too.
 * The result is the input itself (never a transformed copy), so key order, and so every event, stays as written;
 * a file with a `$schema` key gives a copy without it, the other keys in their order.
 */
export function parseScenarioFile(json: unknown): Scenario {
  check(ScenarioFileDto, json);
  return withoutSchemaReference(json as Record<string, unknown>) as unknown as Scenario;
}

/** The same for a game set-up without turns (`POST /games`). */
export function parseGameSetup(json: unknown): GameSetup {
  check(GameSetupDto, json, setupLengthProblems);
  return json as unknown as GameSetup;
}
