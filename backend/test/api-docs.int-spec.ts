import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../src/platform/config/config.js';
import { startTestApp } from './support/test-app.js';

/** Less to see anonymously (issue 9, item 11): Swagger UI and the OpenAPI document are off in production unless API_DOCS=true. */
const DOC_URLS = ['/api/docs', '/api/docs/', '/api/docs/openapi.json', '/api/docs-yaml'];
const production = () => ({ NODE_ENV: 'production', JWT_SECRET: randomBytes(24).toString('hex'), ADMIN_PASSWORD: randomBytes(12).toString('hex') });

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
