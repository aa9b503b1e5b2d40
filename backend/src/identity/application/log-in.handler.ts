import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { HttpProblem } from '../../platform/http/problem.js';
import { TokenIssuer } from '../auth/token-issuer.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { publicUser } from '../users/user.record.js';
import { UsersRepository } from '../users/users.repository.js';
import { LogIn } from './log-in.command.js';

@CommandHandler(LogIn)
export class LogInHandler implements ICommandHandler<LogIn> {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenIssuer,
  ) {}

  async execute({ input }: LogIn) {
    const user = await this.users.findByLogin(input);
    const ok = await this.hasher.verify(user?.passwordHash, input.password);
    if (!user || !ok) {
      throw new HttpProblem(401, 'invalid-credentials', 'Sign in failed', 'The email or phone and password do not match an account.');
    }
    return { token: this.tokens.issue(user), user: publicUser(user) };
  }
}
