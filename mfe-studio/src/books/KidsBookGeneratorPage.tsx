// /kids-book-generator (spec 02 §2, §5, §7, §8): multipart with the optional character image and
// the x-user-id header; 100 credits; the 'What You'll Get' card with the balance.
import { IMAGE_UPLOAD_MAX_BYTES, TOOL_SCHEMAS } from '@studio/events';
import { IMAGE_UPLOAD_ACCEPT, imageUploadProblem } from '@studio/events/rules';
import { Button, Card, theme, toast, USER_QUERY_KEY, useUser } from '@studio/kit';
import { BOOKS_QUERY_ROOT } from '@studio/kit/live';
import { Field, FilePicker, Input, RadioGroup, Textarea } from '@studio/kit/widgets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { creditCheck, KIDS_BOOK_COST } from './credits';
import { SubmitRow, ToolScreen, TwoColumns } from './ToolScreen';
import { COMMON, KIDS } from './texts';
import { failureText, isInsufficientCredits, postForm, type StartResponse } from './tool-call';
import { useFormErrors } from './use-form-errors';

const schema = TOOL_SCHEMAS['kids-book'];

interface KidsValues {
  storyDescription: string;
  characterName: string;
  characterGender: '' | 'boy' | 'girl';
}
const EMPTY: KidsValues = { storyDescription: '', characterName: '', characterGender: '' };

export default function KidsBookGeneratorPage() {
  const user = useUser();
  const client = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<KidsValues>(EMPTY);
  const [image, setImage] = useState<File | null>(null);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [formKey, setFormKey] = useState(0);
  const { errors, check, recheck, reset } = useFormErrors(schema);

  const notEnough = () =>
    toast({ title: KIDS.notEnoughTitle, description: KIDS.notEnoughBody, variant: 'destructive' });

  const submit = useMutation({
    mutationFn: (body: FormData) => postForm<StartResponse>('/api/generate-kids-book', body),
    onSuccess: (reply) => {
      toast({
        title: KIDS.startedTitle,
        description: KIDS.started(reply.creditsUsed, reply.remainingCredits),
        variant: 'success',
      });
      setValues(EMPTY);
      setImage(null);
      setFormKey((k) => k + 1);
      reset();
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void client.invalidateQueries({ queryKey: [BOOKS_QUERY_ROOT] });
    },
    onError: (error) => {
      if (isInsufficientCredits(error)) notEnough();
      else toast({ title: KIDS.failedTitle, description: failureText(error, ''), variant: 'destructive' });
    },
  });

  /** A picture the server would refuse is dropped at once: never sent, the picker cleared. */
  const pick = (file: File | null) => {
    const problem = file && imageUploadProblem(file, IMAGE_UPLOAD_MAX_BYTES, KIDS.imageTooLarge);
    setImageProblem(problem);
    setImage(problem ? null : file);
    if (problem) setPickerKey((k) => k + 1);
  };
  const set = <K extends keyof KidsValues>(key: K, value: KidsValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    recheck(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!user || submit.isPending || !check(values, form.current)) return;
    if (creditCheck(user, KIDS_BOOK_COST) !== 'ok') {
      notEnough();
      return;
    }
    const body = new FormData();
    body.append('storyDescription', values.storyDescription.trim());
    body.append('characterName', values.characterName.trim());
    body.append('characterGender', values.characterGender);
    body.append('userId', user.id);
    if (image) body.append('characterImage', image);
    submit.mutate(body);
  };

  return (
    <ToolScreen title={KIDS.title} intro={KIDS.intro}>
      <TwoColumns
        main={
          <Card>
            <form
              key={formKey}
              ref={form}
              noValidate
              onSubmit={onSubmit}
              aria-label={KIDS.title}
              css={{ display: 'grid', gap: 16 }}
            >
              <Field
                label={KIDS.storyLabel}
                error={errors.storyDescription}
                hint={`${values.storyDescription.trim().length}/500`}
              >
                <Textarea
                  name="storyDescription"
                  rows={5}
                  value={values.storyDescription}
                  placeholder={KIDS.storyPlaceholder}
                  onChange={(e) => set('storyDescription', e.target.value)}
                />
              </Field>
              <Field label={KIDS.nameLabel} error={errors.characterName}>
                <Input
                  name="characterName"
                  value={values.characterName}
                  onChange={(e) => set('characterName', e.target.value)}
                />
              </Field>
              <div css={{ display: 'grid', gap: 6 }}>
                <span id="kids-gender" css={{ fontSize: theme.fontSizes.sm, fontWeight: 600 }}>
                  {KIDS.genderLabel}
                </span>
                <RadioGroup
                  name="characterGender"
                  aria-labelledby="kids-gender"
                  orientation="horizontal"
                  options={[
                    { value: 'boy', label: KIDS.boy },
                    { value: 'girl', label: KIDS.girl },
                  ]}
                  value={values.characterGender}
                  onValueChange={(value) => set('characterGender', value as 'boy' | 'girl')}
                />
                {errors.characterGender && (
                  <p role="alert" css={{ fontSize: theme.fontSizes.xs, color: theme.colors.danger }}>
                    {errors.characterGender}
                  </p>
                )}
              </div>
              <div css={{ display: 'grid', gap: 4 }}>
                <FilePicker
                  key={pickerKey}
                  label={KIDS.imageLabel}
                  accept={IMAGE_UPLOAD_ACCEPT}
                  hint={KIDS.imageHint}
                  onFileChange={pick}
                />
                {imageProblem && (
                  <p role="alert" css={{ fontSize: theme.fontSizes.xs, color: theme.colors.danger }}>
                    {imageProblem}
                  </p>
                )}
              </div>
              <SubmitRow>
                <Button type="submit" size="lg" disabled={!user || submit.isPending}>
                  {submit.isPending ? KIDS.submitting : KIDS.submit}
                </Button>
              </SubmitRow>
            </form>
          </Card>
        }
        side={
          <Card title={KIDS.cardTitle} headingLevel={2} data-testid="what-you-get">
            <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
              {KIDS.promises.map((promise) => (
                <li key={promise} css={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                  <Check aria-hidden size={16} color={theme.colors.success} />
                  {promise}
                </li>
              ))}
            </ul>
            <p css={{ fontWeight: 700 }}>{KIDS.required}</p>
            {user && <p css={{ color: theme.colors.textMuted }}>{COMMON.balance(user.credits)}</p>}
          </Card>
        }
      />
    </ToolScreen>
  );
}
