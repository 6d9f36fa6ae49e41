import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

export const DOCS_PATH = 'docs';

/** The OpenAPI document: Swagger UI at `/docs`, the JSON at `/docs-json`. */
export function setUpOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Sanctum Chronicle')
    .setDescription(
      'Event-sourced simulation of the rules of Sanctum: every rules-pipeline step is an immutable domain event in ' +
        'one stream per game. Create a game from a set-up, give orders, confirm, then read the events (also as ' +
        'server-sent events) and the state at any point of the game.',
    )
    .setVersion(process.env.npm_package_version ?? '0.1.0')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup(DOCS_PATH, app, document, { jsonDocumentUrl: `${DOCS_PATH}-json` });
}
