// The Update User Subscription form checks with the route's own schema, plus one rule of its own:
// both ids must be filled in (the route accepts an absent customer id; the tool asks for it).
import {
  type FieldErrors,
  fieldErrors,
  optionalId,
  text,
  type UpdateUserSubscriptionRequest,
  updateUserSubscriptionRequest,
} from '@studio/events/requests';
import { ADMIN } from '../texts';

export interface UpdateFormValues {
  userId: string;
  stripeCustomerId: string;
  subscriptionId: string;
  tier: string;
  credits: string;
}

const required = () => text(ADMIN.update.required).required(ADMIN.update.required);

// Labelled: the route's messages name the field as the screen does ("Customer ID must be at most …").
const updateForm = updateUserSubscriptionRequest.shape({
  userId: required().max(100).label(ADMIN.update.userId),
  stripeCustomerId: required().max(255).label(ADMIN.update.customerId),
  subscriptionId: optionalId().label(ADMIN.self.subscriptionId),
});

/** The messages to show, or the request to send when there are none. */
export function checkUpdateForm(values: UpdateFormValues): {
  errors: FieldErrors<UpdateFormValues>;
  request?: UpdateUserSubscriptionRequest;
} {
  // The route takes credits as a JSON number only; a decimal in the field becomes one, anything
  // else stays text and is refused with the route's own message.
  const typed = {
    ...values,
    credits: /^\s*-?\d+(\.\d+)?\s*$/.test(values.credits) ? Number(values.credits) : values.credits,
  };
  const errors = fieldErrors(updateForm, typed);
  if (Object.keys(errors).length > 0) return { errors };
  return { errors, request: updateForm.validateSync(typed) };
}
