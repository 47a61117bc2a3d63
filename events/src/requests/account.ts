// docs/product/accounts-billing-admin.md (Validation) account requests: the register and login forms validate with these schemas, and the
// routes that receive them parse with the same ones.
import * as yup from 'yup';
import { printable } from './printable';
import {
  ACCOUNT_MESSAGES,
  CREDENTIAL_MESSAGES,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
} from './rules';
import { optionalId, text } from './text';

const M = ACCOUNT_MESSAGES;
const PEN_NAME_MESSAGE = 'Pen name must be at least 2 characters';

export const emailAddress = text(M.email)
  .required(M.email)
  .max(EMAIL_MAX_LENGTH, M.email)
  .matches(EMAIL_PATTERN, M.email);

const password = text(M.password, { trim: false })
  .required(M.password)
  .min(PASSWORD_MIN_LENGTH, M.password)
  .max(PASSWORD_MAX_LENGTH, 'Password is too long');

/**
 * No control or format characters (Unicode Cc/Cf: NUL, line breaks, zero-width spaces, bidi
 * overrides), which hide or reorder what admins and other users read. The joiners U+200C/U+200D
 * stay allowed between two visible characters: emoji sequences and several scripts need them.
 */
export function hasOnlyVisibleCharacters(text: string): boolean {
  const withoutInnerJoiners = text.replace(/(?<=[^\s\p{Cc}\p{Cf}])[\u200c\u200d](?=[^\s\p{Cc}\p{Cf}])/gu, '');
  return !/[\p{Cc}\p{Cf}]/u.test(withoutInnerJoiners);
}

/** POST /api/register. The card arrives as paymentMethodId once the card step has it. */
export const registerRequest = yup.object({
  name: text(M.name)
    .required(M.name)
    .min(NAME_MIN_LENGTH, M.name)
    .max(NAME_MAX_LENGTH, 'Name is too long')
    .test(
      'visible',
      'Name must not contain control or invisible characters',
      (v) => !v || hasOnlyVisibleCharacters(v),
    ),
  email: emailAddress,
  password,
  phoneNumber: text().max(PHONE_MAX_LENGTH, 'Phone number is too long').optional(),
  paymentMethodId: optionalId(),
});
export type RegisterRequest = yup.InferType<typeof registerRequest>;

/**
 * PUT /api/user/profile: name and phone number, validated exactly as at registration, and the
 * optional pen name books are published under (validated like the name; '' removes it, absent
 * leaves it as it is).
 */
export const updateProfileRequest = registerRequest.pick(['name', 'phoneNumber']).shape({
  penName: text(PEN_NAME_MESSAGE)
    .max(NAME_MAX_LENGTH, 'Pen name is too long')
    .test('length', PEN_NAME_MESSAGE, (v) => !v || v.length >= NAME_MIN_LENGTH)
    .test(
      'visible',
      'Pen name must not contain control or invisible characters',
      (v) => !v || hasOnlyVisibleCharacters(v),
    )
    .test(printable('The pen name'))
    .optional(),
});
export type UpdateProfileRequest = yup.InferType<typeof updateProfileRequest>;

/** POST /api/login. */
export const loginRequest = yup.object({ email: emailAddress, password });
export type LoginRequest = yup.InferType<typeof loginRequest>;

/** POST /api/airtable/login: the spec's client sends its own id. */
export const airtableLoginRequest = yup.object({ id: text().max(100).optional() });

/** A mailed link's secret, as the link's page sends it back (its shape is checked by the server). */
const linkToken = text(CREDENTIAL_MESSAGES.linkInvalid)
  .required(CREDENTIAL_MESSAGES.linkInvalid)
  .max(200, CREDENTIAL_MESSAGES.linkInvalid);

/** POST /api/email/verify: the verification link's page. */
export const verifyEmailRequest = yup.object({ token: linkToken });

/** POST /api/user/password: the signed-in user's new password, with the current one. */
export const changePasswordRequest = yup.object({
  currentPassword: text(CREDENTIAL_MESSAGES.currentPassword, { trim: false })
    .required(CREDENTIAL_MESSAGES.currentPassword)
    .max(PASSWORD_MAX_LENGTH, CREDENTIAL_MESSAGES.wrongCurrentPassword),
  newPassword: password,
});
export type ChangePasswordRequest = yup.InferType<typeof changePasswordRequest>;

/** POST /api/password/forgot: the address to mail a reset link to. */
export const forgotPasswordRequest = yup.object({ email: emailAddress });

/** POST /api/password/reset: the reset link's page, with the new password. */
export const resetPasswordRequest = yup.object({ token: linkToken, password });
export type ResetPasswordRequest = yup.InferType<typeof resetPasswordRequest>;
