import Handlebars from 'handlebars';
import type { TemplateEvent } from './template-events.js';

/**
 * The rules of email templates, pure. A template is Handlebars restricted to what staff need and nothing that can
 * reach further than the event's variables:
 * - `{{variable}}` for a variable of the event's catalogue, HTML-escaped in the HTML body;
 * - `{{#if variable}}…{{else}}…{{/if}}` and `{{#unless variable}}…{{/unless}}`;
 * - comments.
 * Everything else is refused when the template is saved, with a sentence naming it: an unknown variable (which
 * includes `{{constructor.constructor}}` and other prototype paths), the unescaped `{{{…}}}` / `{{& …}}`, helpers,
 * partials, decorators, `this`, `../` and `@data`. At render time Handlebars runs in strict mode with only `if` and
 * `unless` known and its default prototype-access protection, so a template that slipped past the checks fails
 * loudly instead of rendering blank.
 */
export type TemplateSource = { subject: string; html: string; text: string };
export type TemplateProblem = { name: keyof TemplateSource | 'event'; message: string };
export type RenderedEmail = { subject: string; html: string; text: string };

const BLOCK_HELPERS = new Set(['if', 'unless']);

type Node = hbs.AST.Node;

function problemsOf(source: string, allowed: ReadonlySet<string>): string[] {
  let program: hbs.AST.Program;
  try {
    program = Handlebars.parse(source);
  } catch (error) {
    const first = String((error as Error).message).split('\n')[0];
    return [`is not a valid template (${first})`];
  }
  const problems = new Set<string>();
  const variable = (node: Node, where: string) => {
    if (node.type !== 'PathExpression') {
      problems.add(`${where} must be a variable name, not ${describeNode(node)}`);
      return;
    }
    const path = node as hbs.AST.PathExpression;
    if (path.data) problems.add(`@data variables such as {{${path.original}}} are not allowed`);
    else if (path.depth > 0 || path.original.startsWith('../')) problems.add(`parent paths such as {{${path.original}}} are not allowed`);
    else if (path.original === 'this' || path.original.startsWith('this.') || path.original.startsWith('this/') || path.original === '.')
      problems.add('{{this}} is not allowed: name a variable');
    else if (!allowed.has(path.original)) problems.add(`{{${path.original}}} is not a variable of this event`);
  };
  const walk = (node: Node | undefined | null): void => {
    if (!node) return;
    switch (node.type) {
      case 'Program':
        for (const child of (node as hbs.AST.Program).body) walk(child);
        return;
      case 'ContentStatement':
      case 'CommentStatement':
        return;
      case 'MustacheStatement': {
        const m = node as hbs.AST.MustacheStatement;
        if (!m.escaped) problems.add('unescaped output ({{{…}}} or {{& …}}) is not allowed: every value is escaped');
        if (m.params.length > 0 || (m.hash && m.hash.pairs.length > 0))
          problems.add(`helpers are not allowed ({{${describeNode(m.path)} …}})`);
        else variable(m.path, 'a value');
        return;
      }
      case 'BlockStatement': {
        const b = node as hbs.AST.BlockStatement;
        const name = b.path.type === 'PathExpression' ? (b.path as hbs.AST.PathExpression).original : '';
        if (!BLOCK_HELPERS.has(name)) {
          problems.add(`only {{#if}} and {{#unless}} blocks are allowed, not {{#${name || describeNode(b.path)}}}`);
          return;
        }
        if (b.params.length !== 1 || (b.hash && b.hash.pairs.length > 0)) problems.add(`{{#${name}}} takes exactly one variable`);
        else variable(b.params[0], `{{#${name}}}'s condition`);
        walk(b.program);
        walk(b.inverse);
        return;
      }
      case 'PartialStatement':
      case 'PartialBlockStatement':
        problems.add('partials ({{> …}}) are not allowed');
        return;
      default:
        problems.add(`${describeNode(node)} is not allowed`);
    }
  };
  walk(program);
  return [...problems];
}

function describeNode(node: Node): string {
  switch (node.type) {
    case 'SubExpression':
      return 'a sub-expression';
    case 'StringLiteral':
    case 'NumberLiteral':
    case 'BooleanLiteral':
    case 'UndefinedLiteral':
    case 'NullLiteral':
      return 'a literal';
    case 'PathExpression':
      return (node as hbs.AST.PathExpression).original;
    case 'DecoratorBlock':
    case 'Decorator':
      return 'a decorator';
    default:
      return node.type;
  }
}

/** Every problem of a template for an event, per field; an empty list means it may be saved. */
export function checkTemplate(event: TemplateEvent, source: TemplateSource): TemplateProblem[] {
  const allowed = new Set(event.variables.map((v) => v.name));
  const problems = (['subject', 'html', 'text'] as const).flatMap((name) =>
    problemsOf(source[name], allowed).map((message) => ({ name, message })),
  );
  for (const required of event.required ?? []) {
    for (const name of ['html', 'text'] as const) {
      if (!source[name].includes(`{{${required}}}`)) problems.push({ name, message: `must use {{${required}}}` });
    }
  }
  return problems;
}

const handlebars = Handlebars.create();
const compileOptions = { strict: true, knownHelpersOnly: true, knownHelpers: { if: true, unless: true }, preventIndent: true } as const;

/**
 * Renders a checked template. The HTML body escapes every value; the subject and the text body are plain text, so
 * nothing is escaped there (a mail client shows them as text). `variables` must hold every variable of the event.
 */
export function renderTemplate(source: TemplateSource, variables: Readonly<Record<string, string>>): RenderedEmail {
  // A null-prototype copy: only the event's own values can be looked up.
  const data = Object.assign(Object.create(null) as Record<string, string>, variables);
  const runtime = { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false };
  const plain = (text: string) => handlebars.compile(text, { ...compileOptions, noEscape: true })(data, runtime);
  return {
    subject: plain(source.subject),
    html: handlebars.compile(source.html, { ...compileOptions, noEscape: false })(data, runtime),
    text: plain(source.text),
  };
}

/**
 * A value from outside (a borrower's name, a staff reply) as a template variable: the `{{secret:…}}` placeholder
 * syntax of the email log (domain/email-secrets.ts) is broken up, so a value can never pose as a secret.
 */
export const neutralize = (value: string): string => value.replace(/\{\{/g, '{ {');
