// Register: name, email, password, optional phone, and a card (not charged; docs/product/accounts-billing-admin.md (Screens and routes: Sign-in; Validation)).

import { fieldErrors, registerRequest } from '@studio/events/requests';
import { theme, useAuth } from '@studio/kit';
import { useCallback, useRef, useState } from 'react';
import { usePaymentsConfig } from '../api/queries';
import { CheckedForm, SubmitButton } from '../common/CheckedForm';
import { TextField } from '../common/TextField';
import { useAccountForm } from '../common/use-account-form';
import { CardSection } from '../payments/CardSection';
import type { CardCollector } from '../payments/card-collector';
import { AUTH, VALIDATION } from '../texts';

export function RegisterForm() {
  const { registerMutation } = useAuth();
  const config = usePaymentsConfig();
  const register = useAccountForm({ name: '', email: '', password: '', phoneNumber: '' }, (v) =>
    fieldErrors(registerRequest, v),
  );
  const { values } = register;
  const [cardReady, setCardReady] = useState(false);
  const [cardError, setCardError] = useState<string>();
  const [collecting, setCollecting] = useState(false);
  const collector = useRef<CardCollector | null>(null);
  const onCardReady = useCallback((ready: boolean) => setCardReady(ready), []);

  const processing = collecting || registerMutation.isPending;

  const send = async () => {
    if (!cardReady) {
      setCardError(VALIDATION.cardNotReady);
      return;
    }
    const collect = collector.current;
    if (!collect) {
      setCardError(VALIDATION.cardMissing);
      return;
    }
    setCollecting(true);
    setCardError(undefined);
    const card = await collect().finally(() => setCollecting(false));
    if (card.error) {
      setCardError(card.error);
      return;
    }
    const phoneNumber = values.phoneNumber.trim();
    registerMutation.mutate({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      ...(phoneNumber ? { phoneNumber } : {}),
      ...(card.paymentMethodId ? { paymentMethodId: card.paymentMethodId } : {}),
    });
  };

  return (
    <CheckedForm form={register} label="Register" busy={processing} onValid={send}>
      <TextField form={register} name="name" label={AUTH.name} autoComplete="name" />
      <TextField form={register} name="email" label={AUTH.email} type="email" autoComplete="email" />
      <TextField
        form={register}
        name="password"
        label={AUTH.password}
        type="password"
        autoComplete="new-password"
      />
      <TextField form={register} name="phoneNumber" label={AUTH.phone} type="tel" autoComplete="tel" />
      <CardSection
        config={config.data}
        configError={config.isError}
        collector={collector}
        onReadyChange={onCardReady}
        error={cardError}
      />
      {cardError && config.data?.gateway !== 'stripe' && (
        <p role="alert" css={{ fontSize: theme.fontSizes.xs, color: theme.colors.danger, fontWeight: 500 }}>
          {cardError}
        </p>
      )}
      {/* Disabled until the card form is ready and while processing (docs/product/accounts-billing-admin.md (Validation)). */}
      <SubmitButton
        size="lg"
        busy={processing}
        disabled={!cardReady}
        label={AUTH.registerButton}
        busyLabel={AUTH.registering}
      />
    </CheckedForm>
  );
}
