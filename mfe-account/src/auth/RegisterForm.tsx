// Register: name, email, password, optional phone, and a card (not charged; docs/product/accounts-billing-admin.md (Screens and routes: Sign-in; Validation)).

import { fieldErrors, registerRequest } from '@studio/events/requests';
import { Button, theme, useAuth } from '@studio/kit';
import { Field, Input, useFormErrors } from '@studio/kit/widgets';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { usePaymentsConfig } from '../api/queries';
import { CardSection } from '../payments/CardSection';
import type { CardCollector } from '../payments/card-collector';
import { AUTH, VALIDATION } from '../texts';

interface RegisterValues {
  name: string;
  email: string;
  password: string;
  phoneNumber: string;
}

export function RegisterForm() {
  const { registerMutation } = useAuth();
  const config = usePaymentsConfig();
  const [values, setValues] = useState<RegisterValues>({
    name: '',
    email: '',
    password: '',
    phoneNumber: '',
  });
  const { errors, check, recheck } = useFormErrors((v) => fieldErrors(registerRequest, v));
  const [cardReady, setCardReady] = useState(false);
  const [cardError, setCardError] = useState<string>();
  const [collecting, setCollecting] = useState(false);
  const collector = useRef<CardCollector | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const onCardReady = useCallback((ready: boolean) => setCardReady(ready), []);

  const set = (key: keyof RegisterValues) => (value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    recheck(next);
  };

  const processing = collecting || registerMutation.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing || !check(values, form.current)) return;
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
    <form ref={form} noValidate onSubmit={submit} aria-label="Register" css={{ display: 'grid', gap: 16 }}>
      <Field label={AUTH.name} error={errors.name}>
        <Input
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(e) => set('name')(e.target.value)}
        />
      </Field>
      <Field label={AUTH.email} error={errors.email}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
        />
      </Field>
      <Field label={AUTH.password} error={errors.password}>
        <Input
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set('password')(e.target.value)}
        />
      </Field>
      <Field label={AUTH.phone} error={errors.phoneNumber}>
        <Input
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          value={values.phoneNumber}
          onChange={(e) => set('phoneNumber')(e.target.value)}
        />
      </Field>
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
      <Button type="submit" size="lg" disabled={processing || !cardReady}>
        {processing ? AUTH.registering : AUTH.registerButton}
      </Button>
    </form>
  );
}
