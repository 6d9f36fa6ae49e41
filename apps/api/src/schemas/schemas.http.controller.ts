import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  GAME_EVENT_SCHEMA_PATH,
  SCENARIO_FILE_SCHEMA_PATH,
  gameEventSchemaJson,
  scenarioFileSchemaJson,
} from '@app/games';
import { Access } from '../viewers/access.decorator';

/**
 * `GET /schemas/scenario-file.json`: the JSON Schema of a scenario file, for editors (a file's `"$schema"`) and
 * outside checkers. `GET /schemas/game-event.json`: the JSON Schema of a stored game event, which the service checks
 * every event it reads back against, for consumers of exports and of the organiser's streams. Public, like the
 * rules. Left out of the OpenAPI document, which describes the set-up and the event lines themselves.
 */
@ApiExcludeController()
@Access('public')
@Controller()
export class SchemasHttpController {
  /** Made once: the DTOs it comes from do not change while the service runs. */
  private readonly scenarioFile = scenarioFileSchemaJson();

  @Get(SCENARIO_FILE_SCHEMA_PATH)
  scenarioFileSchema(@Res() response: Response): void {
    response.status(200).type('application/schema+json').send(this.scenarioFile);
  }

  @Get(GAME_EVENT_SCHEMA_PATH)
  gameEventSchema(@Res() response: Response): void {
    response.status(200).type('application/schema+json').send(gameEventSchemaJson());
  }
}
