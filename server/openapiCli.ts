/**
 * `npm run openapi [-- --out FILE]`: writes the published document (server/openapi.ts) to FILE,
 * or prints it, for a backend team, a client generator or a gateway that wants the file rather
 * than a running server. The same document `GET /portal_api/openapi.json` answers.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { publishedDocument } from './openapi';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const text = `${JSON.stringify(publishedDocument(), null, 2)}\n`;
if (values.out) {
    writeFileSync(values.out, text);
    console.error(`Wrote ${values.out} (${Object.keys(publishedDocument().paths).length} paths).`);
} else {
    process.stdout.write(text);
}
