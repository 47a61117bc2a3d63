import type { AccountStreamEvent } from '@studio/events';
import type { Decider } from '../platform/decider';
import { assertNever } from '../platform/decider';
import { type AdminRightsCommand, decideAdminRights } from './admin-rights';
import { type CredentialsCommand, decideCredentials } from './credentials';
import { type CreditsCommand, decideCredits } from './credits';
import { type ChangePlan, decidePlanChange } from './plan-change';
import { decideProfile, type UpdateProfile } from './profile';
import { decideRegistration, type RegisterUser } from './registration';
import { type AccountState, accountSnapshot, evolveAccount, initialAccountState } from './state';
import { decideSubscription, type SubscriptionCommand } from './subscription';

export type AccountCommand =
  | RegisterUser
  | UpdateProfile
  | AdminRightsCommand
  | CredentialsCommand
  | CreditsCommand
  | SubscriptionCommand
  | ChangePlan;

/** The decider of `account-{userId}`: identity, credits and (through billing) the subscription. */
export const accountDecider: Decider<AccountCommand, AccountStreamEvent, AccountState> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  snapshot: accountSnapshot,
  busyMessage: 'The account is busy right now. Please try again.',
  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterUser':
        return decideRegistration(command, state);
      case 'UpdateProfile':
        return decideProfile(command, state);
      case 'GrantAdmin':
      case 'RevokeAdmin':
        return decideAdminRights(command, state);
      case 'RequestEmailVerification':
      case 'IssueEmailVerification':
      case 'VerifyEmail':
      case 'ChangePassword':
      case 'RequestPasswordReset':
      case 'IssuePasswordReset':
      case 'ResetPassword':
        return decideCredentials(command, state);
      case 'GrantCredits':
      case 'StartGeneration':
      case 'ChargePartRegeneration':
      case 'ResumeGeneration':
      case 'RefundGeneration':
      case 'AdjustCredits':
      case 'ChargeOutlineRewrite':
        return decideCredits(command, state);
      case 'StartCheckout':
      case 'ActivateSubscription':
      case 'RenewSubscription':
      case 'HoldPayment':
      case 'ReversePayment':
      case 'RecordPaymentFailure':
      case 'CancelSubscription':
      case 'ExpireSubscription':
      case 'AdminUpdateSubscription':
      case 'SelfUpdateSubscription':
        return decideSubscription(command, state);
      case 'ChangePlan':
        return decidePlanChange(command, state);
      default:
        return assertNever(command);
    }
  },
};
