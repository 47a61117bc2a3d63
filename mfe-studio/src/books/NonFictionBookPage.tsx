// /non-fiction-book (spec 02 §2, §5, §8): the legacy one-form book writer, 20 credits.
import { TOOL_SCHEMAS } from '@studio/events';
import { Alert, Button, Card, theme, toast, USER_QUERY_KEY, useUser } from '@studio/kit';
import { BOOKS_QUERY_ROOT } from '@studio/kit/live';
import { Field, Input, Textarea } from '@studio/kit/widgets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { creditCheck, NON_FICTION_COST } from './credits';
import { SubmitRow, ToolScreen, TwoColumns } from './ToolScreen';
import { COMMON, NON_FICTION } from './texts';
import { failureText, postJson, type StartResponse } from './tool-call';
import { useFormErrors } from './use-form-errors';

const schema = TOOL_SCHEMAS['non-fiction'];

export default function NonFictionBookPage() {
  const user = useUser();
  const client = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ Title: '', Description: '' });
  const [done, setDone] = useState<string | null>(null);
  const { errors, check, recheck, reset } = useFormErrors(schema);

  const submit = useMutation({
    mutationFn: (body: { Title: string; Description: string; User: string[]; Status: string }) =>
      postJson<StartResponse>('/api/submit-non-fiction-form', body),
    onSuccess: (reply) => {
      toast({ title: COMMON.successTitle, description: reply.message, variant: 'success' });
      setDone(reply.message ?? NON_FICTION.successBody);
      setValues({ Title: '', Description: '' });
      reset();
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void client.invalidateQueries({ queryKey: [BOOKS_QUERY_ROOT] });
    },
    onError: (error) => {
      toast({
        title: COMMON.errorTitle,
        description: failureText(error, NON_FICTION.failure, true),
        variant: 'destructive',
      });
    },
  });

  const set = (key: 'Title' | 'Description', value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    recheck(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending || !check(values, form.current)) return;
    const credits = creditCheck(user, NON_FICTION_COST);
    if (credits === 'signed-out' || !user) {
      toast({ title: NON_FICTION.authTitle, description: NON_FICTION.authBody, variant: 'destructive' });
      return;
    }
    if (credits === 'insufficient') {
      toast({
        title: NON_FICTION.creditsTitle,
        description: NON_FICTION.creditsBody,
        variant: 'destructive',
      });
      return;
    }
    setDone(null);
    submit.mutate({
      Title: values.Title.trim(),
      Description: values.Description.trim(),
      User: [user.id],
      Status: 'In progress',
    });
  };

  return (
    <ToolScreen title={NON_FICTION.title} badge={NON_FICTION.badge} intro={NON_FICTION.intro}>
      {user && user.credits < NON_FICTION_COST && (
        <Alert tone="warning" title={NON_FICTION.bannerTitle} data-testid="credits-banner">
          <p>
            {NON_FICTION.banner} <Link to="/pricing">{COMMON.viewPlans}</Link>
          </p>
        </Alert>
      )}
      {done && (
        <Alert tone="success" title={NON_FICTION.successHeading}>
          <p>{done}</p>
          <p>
            <Link to="/my-books">{COMMON.goToMyBooks}</Link>
          </p>
        </Alert>
      )}
      <TwoColumns
        main={
          <Card>
            <form
              ref={form}
              noValidate
              onSubmit={onSubmit}
              aria-label={NON_FICTION.title}
              css={{ display: 'grid', gap: 16 }}
            >
              <Field label={NON_FICTION.titleLabel} error={errors.Title}>
                <Input
                  name="Title"
                  value={values.Title}
                  placeholder={NON_FICTION.titlePlaceholder}
                  onChange={(e) => set('Title', e.target.value)}
                />
              </Field>
              <Field label={NON_FICTION.descriptionLabel} error={errors.Description}>
                <Textarea
                  name="Description"
                  rows={6}
                  value={values.Description}
                  placeholder={NON_FICTION.descriptionPlaceholder}
                  onChange={(e) => set('Description', e.target.value)}
                />
              </Field>
              <SubmitRow>
                <Button type="submit" size="lg" disabled={submit.isPending}>
                  {submit.isPending ? NON_FICTION.submitting : NON_FICTION.submit}
                </Button>
              </SubmitRow>
            </form>
          </Card>
        }
        side={<Tutorial />}
      />
    </ToolScreen>
  );
}

/**
 * spec 02 §2 "an embedded tutorial video": the operator's TUTORIAL_VIDEO_URL when one is set (the
 * server lets only its origin be framed), and the written steps always, so the card is useful
 * without a video and readable without the frame.
 */
function Tutorial() {
  const tutorial = useQuery<{ videoUrl: string | null }>({ queryKey: ['/api/studio/tutorial'] });
  const videoUrl = tutorial.data?.videoUrl;
  return (
    <Card title={NON_FICTION.tutorialTitle} headingLevel={2} data-testid="tutorial">
      {videoUrl && (
        <iframe
          src={videoUrl}
          title={NON_FICTION.tutorialVideoTitle}
          loading="lazy"
          allow="fullscreen; picture-in-picture"
          sandbox="allow-scripts allow-same-origin allow-presentation"
          referrerPolicy="strict-origin-when-cross-origin"
          css={{ width: '100%', aspectRatio: '16 / 9', border: 0, borderRadius: 8, marginBottom: 12 }}
        />
      )}
      <ol css={{ paddingLeft: 20, display: 'grid', gap: 8, fontSize: theme.fontSizes.sm }}>
        {NON_FICTION.tutorialSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Card>
  );
}
