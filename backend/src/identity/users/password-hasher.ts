import { Inject, Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';

@Injectable()
export class PasswordHasher {
  private readonly memoryCost: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.memoryCost = config.argon2MemoryKib;
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, memoryCost: this.memoryCost });
  }

  private dummyHash?: Promise<string>;

  /** With no hash (unknown user) it still does the work, so a wrong email costs as long as a wrong password. */
  async verify(hash: string | undefined, password: string): Promise<boolean> {
    if (!hash) {
      this.dummyHash ??= this.hash('no-such-user-' + Math.random());
      await argon2.verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}
