import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { DB, type Db } from '../platform/database/database.js';
import { RUNTIME, type Runtime } from '../platform/runtime.js';
import { PostgresRateLimitStore, RedisRateLimitStore } from './abuse/rate-limit-store.js';
import { BorrowerSignUp } from './public/borrower-sign-up.port.js';
import { BorrowerSignUps } from './users/borrower-sign-ups.js';
import { RATE_LIMIT_STORE, RateLimiter } from './abuse/rate-limiter.js';
import { RequestOneTimeCodeHandler } from './application/request-one-time-code.handler.js';
import { VerifyOneTimeCodeHandler } from './application/verify-one-time-code.handler.js';
import { PublicOtpController } from './http/public-otp.controller.js';
import { OtpChallengesRepository } from './otp/otp-challenges.repository.js';
import { EmailVerificationCodesRepository } from './otp/email-verification-codes.repository.js';
import { ConfirmEmailVerificationHandler } from './application/confirm-email-verification.handler.js';
import { RequestEmailVerificationHandler } from './application/request-email-verification.handler.js';
import { OneTimeCodePhoneVerification } from './otp/one-time-code-phone-verification.js';
import { PhoneProofs } from './otp/phone-proofs.js';
import { PhoneVerification } from './public/phone-verification.port.js';
import { ChangePasswordHandler } from './application/change-password.handler.js';
import { CreateRoleHandler } from './application/staff/create-role.handler.js';
import { CreateStaffUserHandler } from './application/staff/create-staff-user.handler.js';
import { DeleteRoleHandler } from './application/staff/delete-role.handler.js';
import { GetPhoneCollisionHandler } from './application/phone-collisions/get-phone-collision.handler.js';
import { GetRoleHandler } from './application/staff/get-role.handler.js';
import { GetSignedInUserHandler } from './application/get-signed-in-user.handler.js';
import { GetStaffUserHandler } from './application/staff/get-staff-user.handler.js';
import { ListOnlineUsersHandler } from './application/staff/list-online-users.handler.js';
import { ListPhoneCollisionsHandler } from './application/phone-collisions/list-phone-collisions.handler.js';
import { ListRolesHandler } from './application/staff/list-roles.handler.js';
import { ListStaffUsersHandler } from './application/staff/list-staff-users.handler.js';
import { LogInHandler } from './application/log-in.handler.js';
import { LogOutHandler } from './application/log-out.handler.js';
import { RegenerateTokenHandler } from './application/regenerate-token.handler.js';
import { RegisterBorrowerHandler } from './application/register-borrower.handler.js';
import { ReloadUserDeviceHandler } from './application/reload-user-device.handler.js';
import { RequestPasswordResetHandler } from './application/request-password-reset.handler.js';
import { ResetPasswordHandler } from './application/reset-password.handler.js';
import { ResolvePhoneCollisionHandler } from './application/phone-collisions/resolve-phone-collision.handler.js';
import { SeedFirstStaffUser } from './application/staff/seed-first-staff-user.js';
import { SignInWithFirebaseHandler } from './application/sign-in-with-firebase.handler.js';
import { UpdateMyProfileHandler } from './application/update-my-profile.handler.js';
import { UpdateProfileHandler } from './application/update-profile.handler.js';
import { UpdateRoleHandler } from './application/staff/update-role.handler.js';
import { UpdateStaffUserHandler } from './application/staff/update-staff-user.handler.js';
import { AccessGuard } from './auth/access.guard.js';
import { SessionAuthenticator } from './auth/session-authenticator.js';
import { SessionCache } from './auth/session-cache.js';
import { TokenIssuer } from './auth/token-issuer.js';
import { AdminPhoneCollisionsController } from './http/admin-phone-collisions.controller.js';
import { AdminUserController } from './http/admin-user.controller.js';
import { AuthController } from './http/auth.controller.js';
import { MyProfileController } from './http/my-profile.controller.js';
import { MyEmailVerificationController } from './http/my-email-verification.controller.js';
import { PresenceController } from './http/presence.controller.js';
import { ProfileController } from './http/profile.controller.js';
import { RolesController } from './http/roles.controller.js';
import { StaffUsersController } from './http/staff-users.controller.js';
import { TokenController } from './http/token.controller.js';
import { PasswordResetsRepository } from './passwords/password-resets.repository.js';
import { DEVICE_NOTIFIER } from './presence/device-notifier.js';
import { PresenceGateway } from './presence/presence.gateway.js';
import { PresenceRepository } from './presence/presence.repository.js';
import { StaffRolesRepository } from './roles/staff-roles.repository.js';
import { UserPermissions } from './roles/user-permissions.js';
import { SessionStarter } from './sessions/session-starter.js';
import { SessionsRepository } from './sessions/sessions.repository.js';
import { BorrowerSocialIdentities } from './social/borrower-social-identities.js';
import { FirebaseIdTokenVerifier } from './social/firebase-id-token-verifier.js';
import { ID_TOKEN_VERIFIER } from './social/id-token-verifier.port.js';
import { UnconfiguredIdTokenVerifier } from './social/unconfigured-id-token-verifier.js';
import { PasswordHasher } from './users/password-hasher.js';
import { DefaultPasswordCheck } from './users/default-password-check.js';
import { AccountPersonalData } from './public/account-personal-data.port.js';
import { BorrowerDirectory } from './public/borrower-directory.port.js';
import { UsersAccountPersonalData } from './users/users-account-personal-data.js';
import { PresencePlans } from './public/presence-plans.port.js';
import { BorrowerProfileFeed } from './users/borrower-profile-feed.js';
import { StaffDirectory } from './users/staff-directory.js';
import { UsersBorrowerDirectory } from './users/users-borrower-directory.js';
import { UsersStaffMembers } from './users/users-staff-members.js';
import { StaffMembers } from './public/staff-members.port.js';
import { PhoneCollisionsRepository } from './users/phone-collisions.repository.js';
import { UsersRepository } from './users/users.repository.js';

const commandHandlers = [
  RegisterBorrowerHandler,
  LogInHandler,
  LogOutHandler,
  SignInWithFirebaseHandler,
  RegenerateTokenHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  CreateStaffUserHandler,
  UpdateStaffUserHandler,
  ReloadUserDeviceHandler,
  CreateRoleHandler,
  UpdateRoleHandler,
  DeleteRoleHandler,
  UpdateProfileHandler,
  UpdateMyProfileHandler,
  ChangePasswordHandler,
  RequestOneTimeCodeHandler,
  VerifyOneTimeCodeHandler,
  RequestEmailVerificationHandler,
  ConfirmEmailVerificationHandler,
  ResolvePhoneCollisionHandler,
];
const queryHandlers = [
  GetSignedInUserHandler,
  ListStaffUsersHandler,
  GetStaffUserHandler,
  ListRolesHandler,
  GetRoleHandler,
  ListOnlineUsersHandler,
  ListPhoneCollisionsHandler,
  GetPhoneCollisionHandler,
];
const controllers = [
  AuthController,
  TokenController,
  AdminUserController,
  StaffUsersController,
  RolesController,
  ProfileController,
  PresenceController,
  MyProfileController,
  MyEmailVerificationController,
  PublicOtpController,
  AdminPhoneCollisionsController,
];

@Module({
  // AccountMessages (one-time codes, password resets) comes from communications, above identity: a port, not an import.
  imports: [JwtModule.register({})],
  controllers,
  providers: [
    ...commandHandlers,
    ...queryHandlers,
    UsersRepository,
    PhoneCollisionsRepository,
    BorrowerSocialIdentities,
    BorrowerProfileFeed,
    { provide: BorrowerDirectory, useClass: UsersBorrowerDirectory },
    { provide: AccountPersonalData, useClass: UsersAccountPersonalData },
    { provide: StaffMembers, useClass: UsersStaffMembers },
    StaffDirectory,
    OtpChallengesRepository,
    EmailVerificationCodesRepository,
    PhoneProofs,
    { provide: BorrowerSignUp, useClass: BorrowerSignUps },
    OneTimeCodePhoneVerification,
    { provide: PhoneVerification, useExisting: OneTimeCodePhoneVerification },
    StaffRolesRepository,
    UserPermissions,
    SessionsRepository,
    SessionStarter,
    SessionAuthenticator,
    SessionCache,
    PresenceRepository,
    PresenceGateway,
    PresencePlans,
    { provide: DEVICE_NOTIFIER, useExisting: PresenceGateway },
    PasswordResetsRepository,
    PasswordHasher,
    DefaultPasswordCheck,
    TokenIssuer,
    {
      // Social sign-in is on when a Firebase project is named (its Auth emulator in development and tests).
      provide: ID_TOKEN_VERIFIER,
      inject: [APP_CONFIG],
      useFactory: ({ firebase }: AppConfig) =>
        firebase.projectId
          ? new FirebaseIdTokenVerifier({ projectId: firebase.projectId, authEmulatorHost: firebase.authEmulatorHost })
          : new UnconfiguredIdTokenVerifier(),
    },
    RateLimiter,
    {
      // Counters live where every API process sees them: the queues' Redis, else PostgreSQL.
      provide: RATE_LIMIT_STORE,
      inject: [RUNTIME, DB],
      useFactory: (runtime: Runtime, db: Db) => {
        const url = runtime.queue.redisUrl;
        if (!url) return new PostgresRateLimitStore(db);
        const redis = new Redis(url, { maxRetriesPerRequest: 2 });
        redis.on('error', () => undefined);
        return new RedisRateLimitStore(redis, runtime.keyPrefix);
      },
    },
    SeedFirstStaffUser,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  // Only what identity/public/ declares: other contexts get the port, never the repository.
  exports: [BorrowerDirectory, PhoneVerification, StaffMembers, PresencePlans, BorrowerSignUp, AccountPersonalData],
})
export class IdentityModule {}
