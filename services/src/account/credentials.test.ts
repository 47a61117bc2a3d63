import type { AccountStreamEvent } from '@studio/events';
import { CREDENTIAL_MESSAGES } from '@studio/events/rules';
import type { Emitted } from '../platform/decider';
import { specFor, stateAfter } from '../testing/decider-spec';
import { accountDecider } from './decider';
import { hashToken } from './links';

const spec = specFor(accountDecider);
const email = 'ada@example.com';
const registered: Emitted<AccountStreamEvent> = {
  type: 'UserRegistered',
  data: { userId: 'recA', name: 'Ada', email, passwordHash: 'old-hash' },
};
const hashA = hashToken('recA.first');
const hashB = hashToken('recA.second');
const EXPIRES = '2026-01-01T01:00:00.000Z';
const BEFORE = '2026-01-01T00:30:00.000Z';
const AFTER = '2026-01-01T01:00:00.000Z';
const verificationIssued = (tokenHash: string): Emitted<AccountStreamEvent> => ({
  type: 'EmailVerificationIssued',
  data: { email, tokenHash, expiresAt: EXPIRES },
});
const resetIssued = (tokenHash: string): Emitted<AccountStreamEvent> => ({
  type: 'PasswordResetIssued',
  data: { email, tokenHash, expiresAt: EXPIRES },
});
const verified: Emitted<AccountStreamEvent> = { type: 'EmailVerified', data: { email } };

describe('verifying the address', () => {
  it('opens with the live link before it expires', () => {
    spec([registered, verificationIssued(hashA)])
      .when({ type: 'VerifyEmail', tokenHash: hashA, at: BEFORE })
      .then([verified]);
    const after = stateAfter(accountDecider, [registered, verificationIssued(hashA), verified]);
    expect(after.emailVerified).toBe(true);
    expect('verificationLink' in after).toBe(false);
  });

  it('refuses a forged, an expired, a replaced and a spent link with one message', () => {
    const refused = (given: Emitted<AccountStreamEvent>[], tokenHash: string, at = BEFORE) =>
      spec(given)
        .when({ type: 'VerifyEmail', tokenHash, at })
        .thenError('VALIDATION', CREDENTIAL_MESSAGES.linkInvalid);
    refused([registered], hashA);
    refused([registered, verificationIssued(hashA)], hashToken('recA.forged'));
    refused([registered, verificationIssued(hashA)], 'not-hex');
    refused([registered, verificationIssued(hashA)], hashA, AFTER);
    refused([registered, verificationIssued(hashA), verificationIssued(hashB)], hashA);
    refused([registered, verificationIssued(hashA), verified], hashA);
  });

  it('asks for a new link only while unverified; a link made after verification is none', () => {
    spec([registered])
      .when({ type: 'RequestEmailVerification' })
      .then([{ type: 'EmailVerificationRequested', data: { email } }]);
    spec([registered, verified])
      .when({ type: 'RequestEmailVerification' })
      .thenError('CONFLICT', CREDENTIAL_MESSAGES.alreadyVerified);
    spec([registered, verified])
      .when({ type: 'IssueEmailVerification', tokenHash: hashA, expiresAt: EXPIRES })
      .thenNothing();
  });
});

describe('the password', () => {
  it('changes when the current hash is still the one checked, and spends a pending reset link', () => {
    spec([registered])
      .when({ type: 'ChangePassword', currentHash: 'old-hash', passwordHash: 'new-hash' })
      .then([{ type: 'PasswordChanged', data: { passwordHash: 'new-hash' } }]);
    spec([registered, { type: 'PasswordChanged', data: { passwordHash: 'other' } }])
      .when({ type: 'ChangePassword', currentHash: 'old-hash', passwordHash: 'new-hash' })
      .thenError('CONFLICT', CREDENTIAL_MESSAGES.passwordChangedMeanwhile);
    spec([registered, resetIssued(hashA), { type: 'PasswordChanged', data: { passwordHash: 'x' } }])
      .when({ type: 'ResetPassword', tokenHash: hashA, passwordHash: 'y', at: BEFORE })
      .thenError('VALIDATION', CREDENTIAL_MESSAGES.linkInvalid);
  });

  it('resets with the live link once, which proves the address too', () => {
    const reset: Emitted<AccountStreamEvent> = { type: 'PasswordReset', data: { passwordHash: 'new-hash' } };
    spec([registered, resetIssued(hashA)])
      .when({ type: 'ResetPassword', tokenHash: hashA, passwordHash: 'new-hash', at: BEFORE })
      .then([reset, verified]);
    spec([registered, verified, resetIssued(hashA)])
      .when({ type: 'ResetPassword', tokenHash: hashA, passwordHash: 'new-hash', at: BEFORE })
      .then([reset]);
    spec([registered, resetIssued(hashA), reset])
      .when({ type: 'ResetPassword', tokenHash: hashA, passwordHash: 'again', at: BEFORE })
      .thenError('VALIDATION', CREDENTIAL_MESSAGES.linkInvalid);
    expect(stateAfter(accountDecider, [registered, resetIssued(hashA), reset]).passwordHash).toBe('new-hash');
  });

  it('keeps one live reset link: a newer one replaces the older, an expired one opens nothing', () => {
    const twice = [registered, resetIssued(hashA), resetIssued(hashB)];
    spec(twice)
      .when({ type: 'ResetPassword', tokenHash: hashA, passwordHash: 'p', at: BEFORE })
      .thenError('VALIDATION', CREDENTIAL_MESSAGES.linkInvalid);
    spec(twice)
      .when({ type: 'ResetPassword', tokenHash: hashB, passwordHash: 'p', at: BEFORE })
      .then([{ type: 'PasswordReset', data: { passwordHash: 'p' } }, verified]);
    spec(twice)
      .when({ type: 'ResetPassword', tokenHash: hashB, passwordHash: 'p', at: AFTER })
      .thenError('VALIDATION', CREDENTIAL_MESSAGES.linkInvalid);
  });

  it('records a reset request for the account and the link made for it', () => {
    spec([registered])
      .when({ type: 'RequestPasswordReset' })
      .then([{ type: 'PasswordResetRequested', data: { email } }]);
    spec([registered])
      .when({ type: 'IssuePasswordReset', tokenHash: hashA, expiresAt: EXPIRES })
      .then([resetIssued(hashA)]);
    spec([]).when({ type: 'RequestPasswordReset' }).thenError('NOT_FOUND');
  });
});

describe('admin rights', () => {
  it('go only to an account whose owner verified its address', () => {
    spec([registered]).when({ type: 'GrantAdmin', by: 'operator' }).thenError('CONFLICT');
    spec([registered, verified])
      .when({ type: 'GrantAdmin', by: 'operator' })
      .then([{ type: 'AdminGranted', data: { grantedBy: 'operator' } }]);
  });
});
