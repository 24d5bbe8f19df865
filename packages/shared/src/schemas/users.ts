import { z } from 'zod';
import { ROLES } from '../roles';
import { planSchema } from './plans';

export const socialMediaSchema = z.object({
  facebook: z.string(),
  twitter: z.string(),
  instagram: z.string(),
  linkedin: z.string(),
});

/** The user as every call returns it: never a password or session hash (DESIGN.md §3). */
export const userSchema = z
  .object({
    _id: z.string(),
    id: z.string(),
    username: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    plan: planSchema,
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string(),
    bio: z.string(),
    location: z.string(),
    website: z.string(),
    profilePicture: z.string().nullable(),
    specialization: z.string(),
    experience: z.string(),
    socialMedia: socialMediaSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const userDataResponseSchema = z.object({ success: z.literal(true), userData: userSchema });

export const userMessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSchema,
});
