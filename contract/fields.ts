/** Field rules shared by several calls, so the client's form checks and the server's agree. */
import { z } from 'zod';

/** An international phone number: optional +, 9 to 15 digits (E.164 length). */
export const MSISDN_PATTERN = /^\+?[0-9]{9,15}$/;
export const msisdn = z
    .string()
    .trim()
    .regex(MSISDN_PATTERN, 'valid phone number required')
    .transform(value => value.replace(/^\+/, ''));

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;
export const username = z.string().trim().toLowerCase().regex(USERNAME_PATTERN, 'valid username required');

export const PASSWORD_MIN_LENGTH = 10;
export const newPassword = z.string().min(PASSWORD_MIN_LENGTH).max(200);

export const personName = z.string().trim().min(1).max(80);

export const email = z.email().max(200);

export const OTP_PATTERN = /^[0-9]{6}$/;
export const otpCode = z.string().trim().regex(OTP_PATTERN, 'valid OTP required');
