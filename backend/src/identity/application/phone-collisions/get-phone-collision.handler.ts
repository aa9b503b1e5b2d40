import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { phoneCollisionNotFound } from '../../domain/identity.errors.js';
import { PhoneCollisionsRepository, type PhoneCollisionView } from '../../users/phone-collisions.repository.js';

export class GetPhoneCollision extends Query<PhoneCollisionView> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetPhoneCollision)
export class GetPhoneCollisionHandler implements IQueryHandler<GetPhoneCollision> {
  constructor(private readonly collisions: PhoneCollisionsRepository) {}

  async execute({ id }: GetPhoneCollision) {
    const listed = await this.collisions.find(id);
    if (!listed) throw phoneCollisionNotFound(id);
    return listed;
  }
}
