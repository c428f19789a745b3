import { Type, type Static } from 'typebox';
import { AUTH_MESSAGES } from './auth';

export const USER_MESSAGES = {
  emailRequired: AUTH_MESSAGES.emailRequired,
  invalidEmail: 'Please enter a valid email address',
  emailTaken: AUTH_MESSAGES.emailTaken,
  notFound: 'User not found',
  cannotDemoteSelf: 'You cannot remove your own administrator role',
  cannotDeleteSelf: 'You cannot delete your own account',
  lastAdmin: 'A company must keep at least one administrator',
} as const;

export const User = Type.Object({
  id: Type.String(),
  email: Type.String(),
  isVerified: Type.Boolean(),
  isTenantAdmin: Type.Boolean(),
  isPendingApproval: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type User = Static<typeof User>;

export const InviteBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
  isTenantAdmin: Type.Optional(Type.Boolean({ default: false })),
});
export type InviteBody = Static<typeof InviteBody>;

export const RoleBody = Type.Object({ isTenantAdmin: Type.Boolean() });
export type RoleBody = Static<typeof RoleBody>;
