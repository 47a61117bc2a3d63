// /coloring-book-generator (spec 02 §2, §5, §6, §8, §9): Standard and Premium only; 10/20/30/40
// designs for 20/40/60/80 credits, 30 by default; the cost of the chosen length is shown.
import {
  COLORING_BOOK_COSTS,
  COLORING_BOOK_LENGTHS,
  type ColoringBookLength,
  DEFAULT_COLORING_BOOK_LENGTH,
  TOOL_SCHEMAS,
} from '@studio/events';
import { Alert, Button, buttonStyles, Card, theme, toast, USER_QUERY_KEY, useUser } from '@studio/kit';
import { BOOKS_QUERY_ROOT } from '@studio/kit/live';
import { Field, RadioGroup, Textarea } from '@studio/kit/widgets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { creditCheck, mayUseColoringBooks } from './credits';
import { SubmitRow, ToolScreen } from './ToolScreen';
import { COLORING, COMMON } from './texts';
import { failureText, postJson, type StartResponse } from './tool-call';
import { useFormErrors } from './use-form-errors';

const schema = TOOL_SCHEMAS['coloring-book'];
const LENGTH_OPTIONS = COLORING_BOOK_LENGTHS.map((pages) => ({
  value: String(pages),
  label: COLORING.lengthOption(pages, COLORING_BOOK_COSTS[pages]),
}));

export default function ColoringBookPage() {
  const user = useUser();
  const allowed = mayUseColoringBooks(user?.subscriptionTier);
  return (
    <ToolScreen title={COLORING.title} intro={COLORING.intro}>
      {user && !allowed ? (
        <Card title={COLORING.upgradeTitle} headingLevel={2} data-testid="upgrade-required">
          <p css={{ color: theme.colors.textMuted }}>{COLORING.upgradeBody}</p>
          <div>
            <Link to="/pricing" css={buttonStyles('primary', 'md')}>
              {COMMON.viewPlans}
            </Link>
          </div>
        </Card>
      ) : (
        <ColoringBookForm />
      )}
    </ToolScreen>
  );
}

function ColoringBookForm() {
  const user = useUser();
  const client = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const [prompt, setPrompt] = useState('');
  const [length, setLength] = useState<ColoringBookLength>(DEFAULT_COLORING_BOOK_LENGTH);
  const [started, setStarted] = useState<string | null>(null);
  const { errors, check, recheck, reset } = useFormErrors(schema);
  const cost = COLORING_BOOK_COSTS[length];

  const submit = useMutation({
    mutationFn: (body: { prompt: string; bookLength: number; userId: string }) =>
      postJson<StartResponse>('/api/generate-coloring-book', body),
    onSuccess: (reply) => {
      const message = reply.message ?? COLORING.successFallback;
      toast({ title: COMMON.successTitle, description: message, variant: 'success' });
      setStarted(message);
      setPrompt('');
      reset();
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void client.invalidateQueries({ queryKey: [BOOKS_QUERY_ROOT] });
    },
    onError: (error) => {
      toast({
        title: COMMON.errorTitle,
        description: failureText(error, COLORING.failure),
        variant: 'destructive',
      });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const values = { prompt, bookLength: length };
    if (submit.isPending || !check(values, form.current)) return;
    const credits = creditCheck(user, cost);
    if (credits === 'signed-out' || !user) {
      toast({ title: COMMON.errorTitle, description: COLORING.loginRequired, variant: 'destructive' });
      return;
    }
    if (credits === 'insufficient') {
      toast({
        title: COLORING.insufficientTitle,
        description: COLORING.notEnough(cost, length, user.credits),
        variant: 'destructive',
      });
      return;
    }
    setStarted(null);
    submit.mutate({ prompt: prompt.trim(), bookLength: length, userId: user.id });
  };

  return (
    <>
      {started && (
        <Alert tone="success" title={COMMON.successTitle}>
          <p>
            {started} <Link to="/my-books">{COMMON.goToMyBooks}</Link>
          </p>
        </Alert>
      )}
      <Card>
        <form
          ref={form}
          noValidate
          onSubmit={onSubmit}
          aria-label={COLORING.title}
          css={{ display: 'grid', gap: 16 }}
        >
          <Field label={COLORING.promptLabel} error={errors.prompt}>
            <Textarea
              name="prompt"
              rows={5}
              value={prompt}
              placeholder={COLORING.promptPlaceholder}
              onChange={(e) => {
                setPrompt(e.target.value);
                recheck({ prompt: e.target.value, bookLength: length });
              }}
            />
          </Field>
          <div css={{ display: 'grid', gap: 6 }}>
            <span id="coloring-length" css={{ fontSize: theme.fontSizes.sm, fontWeight: 600 }}>
              {COLORING.lengthLabel}
            </span>
            <RadioGroup
              name="bookLength"
              aria-labelledby="coloring-length"
              options={LENGTH_OPTIONS}
              value={String(length)}
              onValueChange={(value) => setLength(Number(value) as ColoringBookLength)}
            />
          </div>
          <p css={{ fontWeight: 600 }} data-testid="coloring-cost">
            {COLORING.cost(cost)}
            {user ? (
              <span css={{ color: theme.colors.textMuted, fontWeight: 400 }}>
                {' '}
                · {COMMON.balance(user.credits)}
              </span>
            ) : null}
          </p>
          <SubmitRow>
            <Button type="submit" size="lg" disabled={submit.isPending}>
              {submit.isPending ? COLORING.submitting : COLORING.submit(cost)}
            </Button>
          </SubmitRow>
        </form>
      </Card>
    </>
  );
}
