import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardExternalNavigation, isAllowedUrl, openUrl } from './external-url';

const allow = ['mailto:support@openlending.in', 'tel:+918000000000', 'https://status.example.com'];
const base = 'https://lending.example.in/User/Help';

afterEach(() => vi.restoreAllMocks());

describe('the allow-list of external addresses (spec §8)', () => {
  it('lets this site’s own addresses through, relative or absolute', () => {
    expect(isAllowedUrl('/User/Loans', allow, base)).toBe(true);
    expect(isAllowedUrl('https://lending.example.in/Admin/Dashboard', allow, base)).toBe(true);
    expect(isAllowedUrl('blob:https://lending.example.in/5f0c', allow, base)).toBe(true);
  });

  it('allows a listed origin on any path, and nothing else', () => {
    expect(isAllowedUrl('https://status.example.com/incidents', allow, base)).toBe(true);
    expect(isAllowedUrl('https://status.example.com.evil.net/', allow, base)).toBe(false);
    expect(isAllowedUrl('http://status.example.com/', allow, base)).toBe(false);
    expect(isAllowedUrl('https://evil.example.net/', allow, base)).toBe(false);
    expect(isAllowedUrl('//evil.example.net/x', allow, base)).toBe(false);
  });

  it('allows mailto: and tel: addresses one by one', () => {
    expect(isAllowedUrl('mailto:support@openlending.in', allow, base)).toBe(true);
    expect(isAllowedUrl('mailto:someone@elsewhere.com', allow, base)).toBe(false);
    expect(isAllowedUrl('tel:+918000000000', allow, base)).toBe(true);
    expect(isAllowedUrl('tel:+10000000000', allow, base)).toBe(false);
  });

  it('never allows script, data, file or another site’s blob', () => {
    expect(isAllowedUrl('javascript:alert(1)', [...allow, 'javascript:alert(1)'], base)).toBe(false);
    expect(isAllowedUrl('data:text/html,<p>x</p>', allow, base)).toBe(false);
    expect(isAllowedUrl('file:///etc/passwd', allow, base)).toBe(false);
    expect(isAllowedUrl('blob:https://evil.example.net/5f0c', allow, base)).toBe(false);
  });
});

describe('opening and following links', () => {
  it('openUrl refuses an address that is not allowed and opens one that is', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(openUrl('https://evil.example.net/', allow)).toBe(false);
    expect(openUrl('https://status.example.com/', allow, { newTab: true })).toBe(true);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('https://status.example.com/', '_blank', 'noopener,noreferrer');
  });

  it('the document-wide guard stops a click on a link that is not allowed and lets the others through', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refused = vi.fn();
    const stop = guardExternalNavigation(allow, refused);
    // jsdom cannot navigate: after the guard has looked (capture phase), stop every click from trying.
    const noNavigation = (e: Event) => e.preventDefault();
    document.addEventListener('click', noNavigation);
    document.body.innerHTML =
      '<a id="out" href="https://evil.example.net/"><span id="inside">out</span></a><a id="in" href="/User/Loans">in</a><a id="mail" href="mailto:support@openlending.in">mail</a>';
    const reached: string[] = [];
    document.body.addEventListener('click', (e) => reached.push((e.target as Element).id));
    for (const id of ['inside', 'in', 'mail'])
      document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(refused).toHaveBeenCalledTimes(1);
    expect(refused).toHaveBeenCalledWith('https://evil.example.net/');
    expect(reached).toEqual(['in', 'mail']);
    stop();
    document.removeEventListener('click', noNavigation);
    document.body.innerHTML = '';
  });
});
