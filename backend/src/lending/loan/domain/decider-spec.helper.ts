import { expect } from '@jest/globals';
import type { LoanCommand } from './loan.commands.js';
import { decide } from './loan.decide.js';
import type { LoanDomainError } from './loan.errors.js';
import type { LoanEvent } from './loan.events.js';
import { replay } from './loan.state.js';
import { DEFAULT_PRODUCT_SETTINGS } from '../../../platform/config/product-settings.js';
import { defaultProductParameters } from './terms/loan-product.js';
import { LOAN_TYPES } from './loan.types.js';
import type { ProductParameters } from './terms/product-parameters.js';

type ErrorClass<E extends LoanDomainError> = abstract new (...args: never[]) => E;

/**
 * given(history).when(command).then(events) / .thenThrows(ErrorClass, code): business
 * rules read as the scenario they describe. thenThrows returns the error so a spec can
 * look at its details.
 */
export function given(history: LoanEvent[], params?: ProductParameters) {
  return {
    when(command: LoanCommand) {
      // By default, version 1 of the default product of the loan's type (EMI for a type that is none).
      const named =
        history[0]?.type === 'LoanApplicationStarted'
          ? history[0].data.loanType
          : 'loanType' in command.data
            ? command.data.loanType
            : 'EMI';
      const type = LOAN_TYPES.includes(named) ? named : 'EMI';
      const run = () => decide(command, replay(history), params ?? defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, type));
      return {
        then(expected: LoanEvent[]): void {
          expect(run()).toEqual(expected);
        },
        thenThrows<E extends LoanDomainError>(errorClass: ErrorClass<E>, code?: string): E {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(errorClass);
          if (code !== undefined) expect((thrown as E).code).toBe(code);
          return thrown as E;
        },
      };
    },
  };
}
