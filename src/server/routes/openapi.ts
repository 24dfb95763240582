// The public API's contract and its reference (issue 38 item 1, docs/decisions/0055):
// - GET /api/v1/openapi.json: the OpenAPI 3.1 document, built once at start (openapi/document.ts), ETag'd;
// - GET /api/v1/problems/{slug}: what a problem `type` URI means, so that every type resolves;
// - GET /api/v1/docs: the human-readable reference, Swagger UI served from the installed
//   swagger-ui-dist package's files (/api/v1/docs/assets/*), no CDN, under the site's own CSP.
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as OpenApiEndpoints from '#shared/api/openapi-endpoints.ts';
import { PROBLEM_KINDS, problemTypeOf, type ProblemKind } from '#shared/schemas/problem.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { failed } from '../http/answers.ts';
import { etagOf, matchesEtag } from '../http/etag.ts';
import { problemLanguage, problemOf, sendProblem } from '../http/problem.ts';
import { buildOpenApiDocument } from '../openapi/document.ts';
import { readLocalFile } from '../services/files/local-files.ts';

const OPENAPI_PATH = OpenApiEndpoints.openApiDocument.path;
const DOCS_PATH = OpenApiEndpoints.apiReference.path;
const ASSETS_PATH = OpenApiEndpoints.apiReferenceAsset.path.replace('/:file', '');

/** The page's own start script: Swagger UI on the document, no validator badge (it would call validator.swagger.io). */
const DOCS_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    syntaxHighlight: { activated: true, theme: 'agate' },
  });
});
`;

/** A few words of our own around Swagger UI's: room at the edges on a phone, the download link. */
const DOCS_STYLE = `body { margin: 0; font-family: system-ui, sans-serif; }
.docs-header { padding: 12px 20px; border-bottom: 1px solid #d9d9d9; }
.docs-header p { margin: 0; font-size: 14px; }
.docs-header a { color: #1d5fa8; }
.swagger-ui .wrapper { padding: 0 16px; box-sizing: border-box; }
.swagger-ui .info { margin: 24px 0; }
.swagger-ui .info .description table { display: block; overflow-x: auto; }
.swagger-ui .info .description table th, .swagger-ui .info .description table td { padding: 4px 8px; }
/* Every answer's links column would say "No links". */
.swagger-ui .response-col_links { display: none; }
@media (max-width: 600px) {
  .swagger-ui .wrapper { padding: 0 8px; }
  .swagger-ui .opblock .opblock-section-header, .swagger-ui .responses-inner, .swagger-ui .opblock-description-wrapper, .swagger-ui .parameters-container { padding-left: 8px; padding-right: 8px; }
  .swagger-ui .responses-table td.response-col_status { width: 2.5em; padding-right: 6px; }
  .swagger-ui table.headers td, .swagger-ui table.headers th { padding: 4px 4px 4px 0; }
  .swagger-ui .highlight-code pre, .swagger-ui .microlight { font-size: 11px; }
}
`;

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pharmacy Champions finder API: reference</title>
<link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css">
<link rel="stylesheet" href="${ASSETS_PATH}/docs.css">
<link rel="icon" type="image/png" href="${ASSETS_PATH}/favicon-32x32.png">
</head>
<body>
<header class="docs-header"><p>The contract as a file: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a> (OpenAPI 3.1).</p></header>
<main id="swagger-ui"><noscript><p>This reference needs JavaScript. The contract itself is <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</p></noscript></main>
<script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script src="${ASSETS_PATH}/docs.js"></script>
</body>
</html>
`;

interface Asset {
  type: string;
  bytes: Buffer;
  etag: string;
  encoded: Map<string, Buffer>;
}

const asset = (type: string, bytes: Buffer): Asset => ({ type, bytes, etag: etagOf(bytes), encoded: new Map() });

/** The files of swagger-ui-dist the page uses, read when first asked for. */
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const require = createRequire(import.meta.url);
const swaggerUiDir = () => path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** Sends bytes with their ETag (304 when the client holds them), compressed when the client allows it. */
function sendAsset(request: FastifyRequest, reply: FastifyReply, file: Asset, cacheControl: string) {
  reply.header('cache-control', cacheControl).header('etag', file.etag).header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
  reply.type(file.type);
  if (file.type.startsWith('image/')) return reply.send(file.bytes);
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (!encoding) return reply.send(file.bytes);
  let encoded = file.encoded.get(encoding);
  if (!encoded) {
    encoded = encoding === 'br' ? zlib.brotliCompressSync(file.bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }) : zlib.gzipSync(file.bytes);
    file.encoded.set(encoding, encoded);
  }
  return reply.header('content-encoding', encoding).send(encoded);
}

export async function openApiRoutes(app: FastifyInstance, deps: { rateLimit: object }) {
  const document = asset('application/json; charset=utf-8', Buffer.from(JSON.stringify(buildOpenApiDocument())));
  const config = { publicApi: true, rateLimit: deps.rateLimit };

  app.get(OPENAPI_PATH, { config }, async (request, reply) => sendAsset(request, reply, document, 'public, no-cache'));

  app.get<{ Params: { slug: string } }>(OpenApiEndpoints.problemType.path, { config }, async (request, reply) => {
    const { slug } = request.params;
    if (!Object.hasOwn(PROBLEM_KINDS, slug)) return sendProblem(request, reply, 'not-found');
    const kind = slug as ProblemKind;
    const language = problemLanguage(request);
    const { title, detail } = problemOf(kind, language);
    return reply
      .header('cache-control', 'public, max-age=86400')
      .header('content-language', language)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ type: problemTypeOf(kind), status: PROBLEM_KINDS[kind].status, title, detail }));
  });

  const page = asset('text/html; charset=utf-8', Buffer.from(DOCS_HTML));
  const ours: Record<string, Asset> = {
    'docs.js': asset('text/javascript; charset=utf-8', Buffer.from(DOCS_SCRIPT)),
    'docs.css': asset('text/css; charset=utf-8', Buffer.from(DOCS_STYLE)),
  };
  const assets = new Map<string, Asset>();
  const assetOf = (name: string): Asset | null => {
    // Own properties only: `__proto__` or `constructor` is a name like any other, not found.
    if (Object.hasOwn(ours, name)) return ours[name]!;
    const type = SWAGGER_FILES[name];
    if (!Object.hasOwn(SWAGGER_FILES, name) || !type) return null;
    let file = assets.get(name);
    if (!file) {
      file = asset(type, readLocalFile(path.join(swaggerUiDir(), name)));
      assets.set(name, file);
    }
    return file;
  };

  app.get(DOCS_PATH, { config: { rateLimit: deps.rateLimit } }, async (request, reply) => sendAsset(request, reply, page, 'public, no-cache'));
  app.get<{ Params: { file: string } }>(OpenApiEndpoints.apiReferenceAsset.path, { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const file = assetOf(request.params.file);
    if (!file) return failed(reply, 404, ApiMessage.notFound);
    return sendAsset(request, reply, file, 'public, max-age=86400');
  });
}
