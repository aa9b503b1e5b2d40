import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.0 and 2.1 level A and AA rules: what both frontends are held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One line per violation and one indented line per offending element: rule, impact, selector, what to fix. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map(
        (n) =>
          `    ${n.target.map(String).join(' >> ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
      );
      return `  ${v.id} (${v.impact ?? 'unknown impact'}, ${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'}): ${v.help}\n    ${v.helpUrl}\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/**
 * Runs axe-core's WCAG 2 A/AA rules on the page as it is now (open dialogs included) and fails with every
 * violation spelled out. `label` names the screen in the failure message. `exclude` leaves out elements by selector,
 * e.g. a sandboxed iframe showing an email (axe cannot run inside a frame that forbids scripts; it waits forever).
 */
export async function expectNoAxeViolations(page: Page, label: string, exclude: string[] = []): Promise<void> {
  // A dialog still fading in has its colours part-way (measured: 3.94:1 mid-fade on a 4.5:1 button): let every
  // running animation and transition finish, so axe sees what the user reads.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const message = `axe-core found ${results.violations.length} WCAG 2 A/AA violation(s) on "${label}" (${page.url()}):\n${describeViolations(results.violations)}`;
  expect(results.violations.length, message).toBe(0);
}
