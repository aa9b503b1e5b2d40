import { describe, expect, it } from '@jest/globals';
import { sampleVariables, templateEvent, TEMPLATE_EVENTS } from './template-events.js';
import { checkTemplate, neutralize, renderTemplate } from './template-rules.js';

const disbursed = templateEvent('loan-disbursed')!;
const ok = { subject: 'Your loan {{loanReference}} is paid out', html: '<p>Hello {{borrowerName}}</p>', text: 'Hello {{borrowerName}}' };

describe('checking a template before it is saved', () => {
  it('accepts the event’s variables, if/unless blocks and comments', () => {
    const html =
      '{{! a note }}<p>{{borrowerName}}</p>{{#if payoutReference}}<p>{{payoutReference}}</p>{{else}}<p>soon</p>{{/if}}{{#unless firstDueDate}}x{{/unless}}';
    expect(checkTemplate(disbursed, { ...ok, html })).toEqual([]);
  });

  it('refuses an unknown variable, naming it and the field', () => {
    expect(checkTemplate(disbursed, { ...ok, text: 'Dear {{firstName}}' })).toEqual([
      { name: 'text', message: '{{firstName}} is not a variable of this event' },
    ]);
  });

  it('refuses prototype paths such as {{constructor.constructor}}', () => {
    const problems = checkTemplate(disbursed, {
      ...ok,
      subject: '{{constructor.constructor}}',
      html: '{{__proto__}}',
      text: '{{#if constructor}}x{{/if}}',
    });
    expect(problems.map((p) => p.name)).toEqual(['subject', 'html', 'text']);
    expect(problems[0].message).toBe('{{constructor.constructor}} is not a variable of this event');
  });

  it('refuses the triple-stash and {{& }}, so no value reaches the HTML unescaped', () => {
    expect(checkTemplate(disbursed, { ...ok, html: '<p>{{{borrowerName}}}</p>' })[0].message).toMatch(/unescaped output/);
    expect(checkTemplate(disbursed, { ...ok, html: '<p>{{& borrowerName}}</p>' })[0].message).toMatch(/unescaped output/);
  });

  it('refuses helpers, partials, other blocks, this, parent paths, @data and sub-expressions', () => {
    const cases = [
      '{{lookup borrowerName "x"}}',
      '{{> header}}',
      '{{#each borrowerName}}x{{/each}}',
      '{{#with borrowerName}}x{{/with}}',
      '{{this}}',
      '{{../borrowerName}}',
      '{{@root.borrowerName}}',
      '{{#if (lookup a b)}}x{{/if}}',
      '{{#if}}x{{/if}}',
    ];
    for (const html of cases) expect({ html, problems: checkTemplate(disbursed, { ...ok, html }).length }).toEqual({ html, problems: 1 });
  });

  it('refuses a template that does not parse, saying why', () => {
    expect(checkTemplate(disbursed, { ...ok, html: '{{#if borrowerName}}open' })[0].message).toMatch(/^is not a valid template/);
  });

  it('refuses a variable of another event (the secret placeholder syntax included)', () => {
    expect(checkTemplate(disbursed, { ...ok, text: '{{resetLink}}' })).toHaveLength(1);
    expect(checkTemplate(disbursed, { ...ok, text: '{{secret:reset-token}}' })).toHaveLength(1);
  });

  it('every event’s catalogue has distinct variable names', () => {
    for (const event of TEMPLATE_EVENTS) expect(new Set(event.variables.map((v) => v.name)).size).toBe(event.variables.length);
  });
});

describe('rendering a template', () => {
  it('fills the variables, escaping them in HTML only', () => {
    const out = renderTemplate(ok, {
      ...sampleVariables(disbursed),
      borrowerName: '<script>alert(1)</script> & Co',
      loanReference: 'AB<1>',
    });
    expect(out.html).toBe('<p>Hello &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co</p>');
    expect(out.text).toBe('Hello <script>alert(1)</script> & Co');
    expect(out.subject).toBe('Your loan AB<1> is paid out');
  });

  it('fails loudly on a variable it was not given instead of rendering blank', () => {
    expect(() => renderTemplate({ ...ok, text: '{{notGiven}}' }, sampleVariables(disbursed))).toThrow();
  });

  it('never reaches the prototype, even unchecked', () => {
    expect(() => renderTemplate({ ...ok, text: '{{constructor.constructor}}' }, sampleVariables(disbursed))).toThrow();
  });

  it('renders if/else on empty and present values', () => {
    const source = { ...ok, text: '{{#if payoutReference}}ref {{payoutReference}}{{else}}no ref{{/if}}' };
    expect(renderTemplate(source, { ...sampleVariables(disbursed), payoutReference: '' }).text).toBe('no ref');
    expect(renderTemplate(source, { ...sampleVariables(disbursed), payoutReference: 'UTR1' }).text).toBe('ref UTR1');
  });

  it('a value cannot pose as a secret placeholder', () => {
    expect(neutralize('{{secret:reset-token}}')).toBe('{ {secret:reset-token}}');
  });
});

describe('the shipped templates', () => {
  it('there is one for every event, and each passes the checks of its event', async () => {
    const { SHIPPED_TEMPLATES } = await import('./shipped-templates.js');
    expect(SHIPPED_TEMPLATES.map((t) => t.event).sort()).toEqual(TEMPLATE_EVENTS.map((e) => e.key).sort());
    for (const t of SHIPPED_TEMPLATES) {
      const event = templateEvent(t.event)!;
      expect({ key: t.key, problems: checkTemplate(event, t) }).toEqual({ key: t.key, problems: [] });
      expect(renderTemplate(t, sampleVariables(event)).text).toContain(event.variables[0].sample);
    }
  });
});

describe('a password reset template', () => {
  it('must carry the reset link in both bodies', () => {
    const reset = templateEvent('password-reset')!;
    expect(checkTemplate(reset, { subject: 'Reset', html: '<p>{{name}}</p>', text: '{{resetLink}}' })).toEqual([
      { name: 'html', message: 'must use {{resetLink}}' },
    ]);
  });
});
