import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/platform/config/config.js';
import { documentedEndpoints, openApiOperations } from '../support/documented-endpoints.js';
import { startTestApp } from '../support/test-app.js';

/** Less to see anonymously (issue 9, item 11): Swagger UI and the OpenAPI document are off in production unless API_DOCS=true. */
const DOC_URLS = ['/api/docs', '/api/docs/', '/api/docs/openapi.json', '/api/docs-yaml'];
const production = () => ({
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(24).toString('hex'),
  ADMIN_PASSWORD: randomBytes(12).toString('hex'),
});

describe('/api/docs', () => {
  it('is off in production: every docs URL is 404', async () => {
    const p = await startTestApp('docs-prod', production());
    try {
      for (const url of DOC_URLS) {
        const res = await p.http.get(url);
        expect({ url, status: res.status }).toEqual({ url, status: 404 });
      }
    } finally {
      await p.close();
    }
  });

  it('API_DOCS=true turns it on in production', async () => {
    const p = await startTestApp('docs-on', { ...production(), API_DOCS: 'true' });
    try {
      expect((await p.http.get('/api/docs/openapi.json').expect(200)).body.openapi).toMatch(/^3\./);
      expect((await p.http.get('/api/docs/').expect(200)).text).toContain('swagger-ui');
    } finally {
      await p.close();
    }
  });

  it('is on by default outside production; API_DOCS=false turns it off; other values stop start-up', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig({ ...production() }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow('Cannot start: API_DOCS must be true or false.');
  });
});

/**
 * Issue 28 item 8: docs/*.md and the API agree. Every `METHOD /api/...` a page names (inline or in a table) is an
 * operation of the OpenAPI document the API serves, a page that says an endpoint takes multipart takes it there
 * (and one that takes multipart says so), and every operation of the document is named on some page.
 */
describe('docs/*.md against the OpenAPI document', () => {
  const docsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../docs');
  /** Swagger UI's own routes: they serve the document, they are not in it. */
  const SERVED_BY_SWAGGER = new Set(['GET /api/docs', 'GET /api/docs/openapi.json', 'GET /api/docs-yaml']);

  it('names only endpoints the API has, with the body they take, and names every one of them', async () => {
    const p = await startTestApp('docs-match');
    let document;
    try {
      document = (await p.http.get('/api/docs/openapi.json').expect(200)).body;
    } finally {
      await p.close();
    }
    const operations = openApiOperations(document);
    const documented = documentedEndpoints(docsDir);
    expect(documented.length).toBeGreaterThan(150);

    const unknown = documented
      .filter((d) => !operations.has(`${d.method} ${d.path}`) && !SERVED_BY_SWAGGER.has(`${d.method} ${d.path}`))
      .map((d) => `${d.where}: ${d.written}`);
    expect(unknown).toEqual([]);

    const takes = (d: { method: string; path: string }) => operations.get(`${d.method} ${d.path}`) ?? [];
    const saysMultipart = documented.filter((d) => /multipart/i.test(d.line) && takes(d).length > 0);
    const wrongBody = saysMultipart
      .filter((d) => !takes(d).includes('multipart/form-data'))
      .map((d) => `${d.where}: ${d.written} is documented as multipart; the API takes ${takes(d).join(', ')}`);
    expect(wrongBody).toEqual([]);
    const multipartOperations = [...operations]
      .filter(([, media]) => media.includes('multipart/form-data'))
      .map(([operation]) => operation);
    expect(multipartOperations.length).toBeGreaterThan(0);
    expect(multipartOperations.filter((operation) => !saysMultipart.some((d) => `${d.method} ${d.path}` === operation))).toEqual([]);

    const named = new Set(documented.map((d) => `${d.method} ${d.path}`));
    expect([...operations.keys()].filter((operation) => !named.has(operation))).toEqual([]);
  });
});
