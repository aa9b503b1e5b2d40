import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { StaffDirectory, type StaffView } from '../../users/staff-directory.js';
import { staffUserNotFound } from '../../domain/identity.errors.js';

export class GetStaffUser extends Query<StaffView> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetStaffUser)
export class GetStaffUserHandler implements IQueryHandler<GetStaffUser> {
  constructor(private readonly directory: StaffDirectory) {}

  async execute({ id }: GetStaffUser) {
    const user = await this.directory.find(id);
    if (!user) throw staffUserNotFound(id);
    return user;
  }
}
