import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { HttpProblem } from '../../platform/http/problem.js';
import { TokenIssuer } from '../auth/token-issuer.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { publicUser } from '../users/user.record.js';
import { DuplicateUser, UsersRepository } from '../users/users.repository.js';
import { RegisterBorrower } from './register-borrower.command.js';

@CommandHandler(RegisterBorrower)
export class RegisterBorrowerHandler implements ICommandHandler<RegisterBorrower> {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenIssuer,
  ) {}

  async execute({ input }: RegisterBorrower) {
    try {
      const user = await this.users.insert({
        id: randomUUID(),
        role: 'borrower',
        name: input.name,
        email: input.email.toLowerCase(),
        phone: input.phone,
        passwordHash: await this.hasher.hash(input.password),
      });
      return { token: this.tokens.issue(user), user: publicUser(user) };
    } catch (error) {
      if (error instanceof DuplicateUser) {
        const message = `This ${error.field} is already registered; sign in instead.`;
        throw new HttpProblem(409, 'already-registered', 'Already registered', message, { fields: [{ name: error.field, message }] });
      }
      throw error;
    }
  }
}
