// Client-side checks of spec 01 §5, with its messages word for word (the server checks the same).
import { NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '@studio/kit';
import { VALIDATION } from '../texts';

export interface LoginValues {
  email: string;
  password: string;
}

export interface RegisterValues extends LoginValues {
  name: string;
  phoneNumber: string;
}

export type Errors<T> = Partial<Record<keyof T, string>>;

// One @, something on each side, a dot in the domain, no spaces: what a browser's type=email accepts, roughly.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const isValidEmail = (email: string): boolean => email.length <= 254 && EMAIL.test(email.trim());

export function validateLogin(values: LoginValues): Errors<LoginValues> {
  const errors: Errors<LoginValues> = {};
  if (!isValidEmail(values.email)) errors.email = VALIDATION.email;
  if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = VALIDATION.password;
  return errors;
}

export function validateRegister(values: RegisterValues): Errors<RegisterValues> {
  const errors: Errors<RegisterValues> = {};
  if (values.name.trim().length < NAME_MIN_LENGTH) errors.name = VALIDATION.name;
  return { ...errors, ...validateLogin(values) };
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;
