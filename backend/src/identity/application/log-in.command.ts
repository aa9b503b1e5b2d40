export class LogIn {
  constructor(readonly input: { email?: string; phone?: string; password: string }) {}
}
