import type { QuickStart } from '../../../api/quickStart';

/** What every quick start step's form receives from the page that loaded the answers so far. */
export type StepProps = { proof: string; view: QuickStart; onSaved(view: QuickStart): void };
