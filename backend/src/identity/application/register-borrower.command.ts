export class RegisterBorrower {
  constructor(readonly input: { name: string; email: string; phone: string; password: string }) {}
}
