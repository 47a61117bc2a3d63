// /non-fiction-gen2 (docs/product/creation-tools-qr.md (Screens and routes, States, Validation, Messages)): three steps explained, the form, then the outline
// view (?bookId= keeps it across a reload). 'Create Another Book' returns to the form.
import {
  type BookBrief,
  type BookLength,
  CHAPTERS,
  DEFAULT_BOOK_LENGTH,
  type PaperType,
  priceOf,
  TOOL_CONTRACTS,
  TOOL_SCHEMAS,
} from '@studio/events';
import { fieldErrors } from '@studio/events/requests';
import { Alert, Button, Card, theme, toast, USER_QUERY_KEY, useUser } from '@studio/kit';
import { BOOKS_QUERY_ROOT } from '@studio/kit/live';
import { Field, Input, RadioGroup, Select, Textarea, useFormErrors } from '@studio/kit/widgets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DEFAULT_STYLE_VALUE, StyleField } from '../styles/StyleField';
import { SubmitRow, ToolFrame } from '../tool-screen/ToolFrame';
import { failureText, postJson, type StartResponse } from '../tool-screen/tool-call';
import { BookBriefFields, briefBody, EMPTY_BRIEF } from '../tools/BookBriefFields';
import { BookLengthField } from '../tools/BookLengthField';
import { DEFAULT_PAPER, PaperTypeField } from '../tools/PaperTypeField';
import { OutlineSelection } from './OutlineSelection';
import { COMMON, GEN2 } from './texts';

const schema = TOOL_SCHEMAS['non-fiction-v2'];
const COST = priceOf('non-fiction-v2').credits;
const CHAPTER_OPTIONS = Array.from({ length: CHAPTERS.max - CHAPTERS.min + 1 }, (_, i) => {
  const n = String(CHAPTERS.min + i);
  return { value: n, label: n };
});

interface Gen2Values extends BookBrief {
  title: string;
  description: string;
  numChapters: string;
  includeIntroduction: 'yes' | 'no';
  paperType: PaperType;
  length: BookLength;
  style: string;
}

const EMPTY: Gen2Values = {
  title: '',
  description: '',
  numChapters: String(CHAPTERS.default),
  includeIntroduction: 'yes',
  paperType: DEFAULT_PAPER,
  length: DEFAULT_BOOK_LENGTH,
  ...EMPTY_BRIEF,
  style: DEFAULT_STYLE_VALUE,
};

export default function NonFictionGen2Page() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const bookId = params.get('bookId');

  return (
    <ToolFrame title={TOOL_CONTRACTS['non-fiction-v2'].name} intro={GEN2.intro}>
      <Steps />
      {user && user.credits < COST && (
        <Alert tone="warning" title={GEN2.lowCreditsTitle} data-testid="low-credits">
          <p>
            {GEN2.lowCredits(user.credits)} <Link to="/pricing">{COMMON.viewPlans}</Link>
          </p>
        </Alert>
      )}
      <Alert tone="info" title={GEN2.policyTitle} data-testid="content-policy">
        <p>{GEN2.policy}</p>
      </Alert>
      {bookId ? (
        <OutlineSelection bookId={bookId} onCreateAnother={() => setParams({})} />
      ) : (
        <Gen2Form onSubmitted={(id) => setParams({ bookId: id })} />
      )}
    </ToolFrame>
  );
}

function Steps() {
  return (
    <Card title={GEN2.stepsTitle} headingLevel={2}>
      <ol css={theme.tileGrid(200, 12)}>
        {GEN2.steps.map((step, i) => (
          <li key={step.title} css={{ display: 'flex', gap: 10, alignItems: 'flex-start' }}>
            <span
              aria-hidden
              css={{
                flexShrink: 0,
                width: 28,
                height: 28,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                background: theme.colors.primarySoft,
                color: theme.colors.primary,
                fontWeight: 700,
              }}
            >
              {i + 1}
            </span>
            <div css={{ display: 'grid', gap: 2 }}>
              <strong>{step.title}</strong>
              <span css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{step.body}</span>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function Gen2Form({ onSubmitted }: { onSubmitted: (bookId: string) => void }) {
  const user = useUser();
  const client = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Gen2Values>(EMPTY);
  const { errors, check, recheck } = useFormErrors((v) => fieldErrors(schema, v));

  const submit = useMutation({
    mutationFn: (body: Record<string, string>) =>
      postJson<StartResponse>(TOOL_CONTRACTS['non-fiction-v2'].route.path, body),
    onSuccess: (reply) => {
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void client.invalidateQueries({ queryKey: [BOOKS_QUERY_ROOT] });
      const id = reply.bookId ?? reply.generationId;
      if (id) onSubmitted(id);
      else toast({ title: COMMON.errorTitle, description: GEN2.submitFailed, variant: 'destructive' });
    },
    onError: (error) => {
      toast({
        title: COMMON.errorTitle,
        description: failureText(error, GEN2.submitFailed),
        variant: 'destructive',
      });
    },
  });

  const set = <K extends keyof Gen2Values>(key: K, value: Gen2Values[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    recheck(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending || !check(values, form.current)) return;
    if (!user) {
      toast({ title: COMMON.errorTitle, description: GEN2.loginRequired, variant: 'destructive' });
      return;
    }
    if (user.credits < COST) {
      toast({
        title: GEN2.lowCreditsTitle,
        description: GEN2.lowCredits(user.credits),
        variant: 'destructive',
      });
      return;
    }
    submit.mutate({
      userId: user.id,
      title: values.title.trim(),
      description: values.description.trim(),
      numChapters: values.numChapters,
      includeIntroduction: values.includeIntroduction,
      paperType: values.paperType,
      length: values.length,
      ...briefBody(values),
      style: values.style,
    });
  };

  return (
    <Card>
      <form
        ref={form}
        noValidate
        onSubmit={onSubmit}
        aria-label={TOOL_CONTRACTS['non-fiction-v2'].name}
        css={{ display: 'grid', gap: 16 }}
      >
        <Field label={GEN2.titleLabel} error={errors.title}>
          <Input name="title" value={values.title} onChange={(e) => set('title', e.target.value)} />
        </Field>
        <Field label={GEN2.descriptionLabel} error={errors.description}>
          <Textarea
            name="description"
            rows={6}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </Field>
        <Field label={GEN2.chaptersLabel} error={errors.numChapters}>
          <Select
            name="numChapters"
            options={CHAPTER_OPTIONS}
            value={values.numChapters}
            onValueChange={(value) => set('numChapters', value)}
          />
        </Field>
        <div css={{ display: 'grid', gap: 6 }}>
          <span id="gen2-introduction" css={{ fontSize: theme.fontSizes.sm, fontWeight: 600 }}>
            {GEN2.introductionLabel}
          </span>
          <RadioGroup
            name="includeIntroduction"
            aria-labelledby="gen2-introduction"
            orientation="horizontal"
            options={[
              { value: 'yes', label: GEN2.yes },
              { value: 'no', label: GEN2.no },
            ]}
            value={values.includeIntroduction}
            onValueChange={(value) => set('includeIntroduction', value as 'yes' | 'no')}
          />
          {errors.includeIntroduction && (
            <p role="alert" css={{ fontSize: theme.fontSizes.xs, color: theme.colors.danger }}>
              {errors.includeIntroduction}
            </p>
          )}
        </div>
        <BookLengthField
          value={values.length}
          chapters={Number(values.numChapters) + (values.includeIntroduction === 'yes' ? 1 : 0)}
          onChange={(length) => set('length', length)}
        />
        <fieldset css={{ display: 'grid', gap: 12, border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <legend css={{ fontSize: theme.fontSizes.sm, fontWeight: 600, marginBottom: 4 }}>
            {GEN2.briefLegend}
          </legend>
          <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{GEN2.briefHint}</p>
          <BookBriefFields
            value={values}
            errors={errors}
            onChange={(brief) => {
              const next = { ...values, ...brief };
              setValues(next);
              recheck(next);
            }}
          />
        </fieldset>
        <PaperTypeField value={values.paperType} onChange={(paper) => set('paperType', paper)} />
        <StyleField value={values.style} onChange={(style) => set('style', style)} error={errors.style} />
        <SubmitRow>
          <Button type="submit" size="lg" disabled={submit.isPending}>
            {submit.isPending ? GEN2.submitting : GEN2.submit}
          </Button>
        </SubmitRow>
      </form>
    </Card>
  );
}
