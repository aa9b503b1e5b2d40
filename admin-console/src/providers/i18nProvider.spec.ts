import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18nProvider, RECORD_NOUNS } from './i18nProvider';

describe('toasts name the thing', () => {
  it('given a banner created, then "Banner created", not react-admin\'s "Element created"', () => {
    expect(i18nProvider.translate('resources.Banners.notifications.created', { smart_count: 1, _: 'Element created' })).toBe(
      'Banner created',
    );
    expect(i18nProvider.translate('resources.Users.notifications.updated', { smart_count: 1, _: 'Element updated' })).toBe(
      'Staff member updated',
    );
    expect(i18nProvider.translate('resources.StatePages.notifications.deleted', { smart_count: 3, _: '3 elements deleted' })).toBe(
      '3 state pages deleted',
    );
  });

  it('leaves every other message to react-admin', () => {
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
    expect(i18nProvider.translate('resources.Unknown.notifications.created', { smart_count: 1, _: 'Element created' })).toBe(
      'Element created',
    );
  });

  it('has a noun for every resource the console declares', () => {
    const app = readFileSync(path.join(__dirname, '..', 'App.tsx'), 'utf8');
    const declared = [...app.matchAll(/<Resource name="([^"]+)"/g)].map((m) => m[1]);
    expect(declared.length).toBeGreaterThan(10);
    expect(declared.filter((name) => !RECORD_NOUNS[name])).toEqual([]);
  });
});
