/**
 * The browsable reference of the API: `/portal_api/docs` renders the published document
 * (`/portal_api/openapi.json`, server/openapi.ts) with Swagger UI, served from this server's own
 * copy of `swagger-ui-dist` (no CDN). The page holds no inline script, so it runs under the
 * portal's Content-Security-Policy unchanged: Swagger UI's bundle and stylesheet, and a start-up
 * script of ours, are files. Behind API_DOCS, as the document is.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../contract';
import { errorBody } from './http-error';
import { OPENAPI_PATH } from './openapi';

export const DOCS_PATH = `${API_BASE}/docs`;

const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>portal_api reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
<link rel="stylesheet" href="${DOCS_PATH}/docs.css">
</head>
<body>
<div id="reference"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/start.js"></script>
</body>
</html>
`;

/**
 * Ours: starts Swagger UI on the published document as a reference, not a console (no "try it
 * out"), with the filter by domain (the page draws a long list only as it scrolls into view, so
 * the filter is how a reader reaches a domain), and names each parameter's value picker by its
 * parameter, which Swagger UI leaves unnamed for a screen reader.
 */
const START = `window.addEventListener('load', function () {
  window.SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: '#reference',
    deepLinking: false,
    filter: true,
    syntaxHighlight: false,
    supportedSubmitMethods: [],
    validatorUrl: null,
  });
  var nameParameterPickers = function () {
    document.querySelectorAll('tr[data-param-name] select:not([aria-label])').forEach(function (select) {
      var row = select.closest('tr[data-param-name]');
      select.setAttribute('aria-label', row.getAttribute('data-param-name') + ' (' + row.getAttribute('data-param-in') + ')');
    });
  };
  new MutationObserver(nameParameterPickers).observe(document.getElementById('reference'), { childList: true, subtree: true });
});
`;

/**
 * Ours: Swagger UI's colours darkened to the portal's contrast rule (4.5:1), and what a reference
 * without a console does not need hidden (the server picker, the authorise and copy buttons, which
 * also sat inside each operation's summary button).
 */
const STYLE = `.swagger-ui .info .title small, .swagger-ui .info .title small.version-stamp { background: #3b4151; }
.swagger-ui .info .url, .swagger-ui a.nostyle, .swagger-ui .info a { color: #1f5fa8; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f5fa8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1d6b47; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #1f6e68; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #a32020; }
.swagger-ui .parameter__in, .swagger-ui .parameter__deprecated, .swagger-ui .prop-format { color: #545454; }
.swagger-ui .btn { color: #1d6b47; border-color: #1d6b47; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #3b4151; }
.swagger-ui .scheme-container, .swagger-ui .authorization__btn, .swagger-ui .copy-to-clipboard,
.swagger-ui .opblock-summary .view-line-link { display: none; }
`;

const FILES: Readonly<Record<string, { type: string; body: () => string | Buffer }>> = {
    'swagger-ui.css': { type: 'text/css; charset=utf-8', body: () => readFileSync(join(swaggerUi, 'swagger-ui.css')) },
    'swagger-ui-bundle.js': {
        type: 'text/javascript; charset=utf-8',
        body: () => readFileSync(join(swaggerUi, 'swagger-ui-bundle.js')),
    },
    'start.js': { type: 'text/javascript; charset=utf-8', body: () => START },
    'docs.css': { type: 'text/css; charset=utf-8', body: () => STYLE },
};

export const registerApiDocsRoutes = (app: FastifyInstance): void => {
    app.get(DOCS_PATH, async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
    const read = new Map<string, string | Buffer>();
    app.get<{ Params: { file: string } }>(`${DOCS_PATH}/:file`, async (request, reply) => {
        const file = FILES[request.params.file];
        if (!file || !Object.hasOwn(FILES, request.params.file)) {
            return reply
                .code(404)
                .send(errorBody(404, 'errors.not_found', `No such file of the reference: ${request.params.file}`));
        }
        const body = read.get(request.params.file) ?? file.body();
        read.set(request.params.file, body);
        // The files change only with a new release of the server; an hour saves a reader the
        // 1.5 MB bundle on every page, where the API's answers are never stored.
        return reply.type(file.type).header('cache-control', 'public, max-age=3600').send(body);
    });
};
