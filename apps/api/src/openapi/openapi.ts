import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { GameSetupDto, OPENAPI_DIALECT, dtoSchemas } from '@app/games';
import { BEARER_SCHEME } from '../viewers/access.decorator';

export const DOCS_PATH = 'docs';

/** A schema of the document's components (neither package exports this type from its entry point). */
type SchemaObject = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string];

/** CreateGameRequestDto's schema: the body of POST /games. */
const CREATE_GAME_SCHEMA = 'CreateGameRequestDto';

/** The OpenAPI document: Swagger UI at `/docs`, the JSON at `/docs-json`. */
export function setUpOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Sanctum Chronicle')
    .setDescription(
      'Event-sourced simulation of the rules of Sanctum: every rules-pipeline step is an immutable domain event in ' +
        'one stream per game. Create a game from a set-up, give orders, confirm, then read the events (also as ' +
        'server-sent events) and the state at any point of the game. Sanctum hides information: the organiser sees ' +
        'everything; a player sees its own orders and non-visible spells; everyone else (no token) sees the public ' +
        'view, where each turn’s orders show as `Redacted` until its SpellExecutionPhaseStarted releases them.',
    )
    .setVersion(process.env.npm_package_version ?? '0.1.0')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        description:
          'The organiser’s token (ORGANISER_TOKEN, or printed at the first start), or a player’s token (returned ' +
          'by `POST /games`). Without a token the reads answer the public (spectator) view. The event streams ' +
          'also take it as `?token=`, for EventSource clients.',
      },
      BEARER_SCHEME,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config);
  // The set-up's schemas, which POST /games refers to, from the DTOs its parser checks a body with.
  const schemas = (document.components ??= {}).schemas ?? {};
  for (const [name, schema] of Object.entries(dtoSchemas(GameSetupDto, OPENAPI_DIALECT))) {
    if (name in schemas) throw new Error(`two schemas named ${name} in the OpenAPI document`);
    schemas[name] = schema as SchemaObject;
  }
  document.components.schemas = schemas;
  // An endpoint that narrows its controller's @Access (the game stream's `?as=`) declares the scheme twice.
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations) as { security?: object[] }[]) {
      if (Array.isArray(operation.security)) {
        const seen = new Set<string>();
        operation.security = operation.security.filter(
          (entry) => !seen.has(JSON.stringify(entry)) && !!seen.add(JSON.stringify(entry)),
        );
      }
    }
  }
  // The set-up parser refuses unknown fields, `turns` included: the body is as closed as its parts.
  const createGame = schemas[CREATE_GAME_SCHEMA];
  if (createGame !== undefined && !('$ref' in createGame)) createGame.additionalProperties = false;
  SwaggerModule.setup(DOCS_PATH, app, document, { jsonDocumentUrl: `${DOCS_PATH}-json` });
}
