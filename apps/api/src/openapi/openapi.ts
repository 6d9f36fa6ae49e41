import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { BEARER_SCHEME } from '../viewers/access.decorator';

export const DOCS_PATH = 'docs';

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
  SwaggerModule.setup(DOCS_PATH, app, document, { jsonDocumentUrl: `${DOCS_PATH}-json` });
}
