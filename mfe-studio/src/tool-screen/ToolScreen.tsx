// The one tool screen: every tool is its registry entries (the contract in @studio/events, the
// studio half in ../registry.ts) plus its own options component. This screen owns what every tool
// shares: the frame, the tier gate, validation with the tool's schema, the cost for the values on
// the form and the balance, the credit check, the start (JSON or multipart, as the route says),
// the confirmation with a link to where the result appears, and the error and not-enough-credits
// states.
import {
  type GalleryPlacement,
  type GenerationKind,
  TOOL_CONTRACTS,
  type ToolContract,
} from '@studio/events';
import { fieldErrors } from '@studio/events/requests';
import { Alert, Button, buttonStyles, Card, theme, toast, USER_QUERY_KEY, useUser } from '@studio/kit';
import { BOOKS_QUERY_ROOT } from '@studio/kit/live';
import { useFormErrors } from '@studio/kit/widgets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AnyObject, ObjectSchema } from 'yup';
import { type Message, STUDIO_TOOLS, type StartReply, type StudioKind, type StudioTool } from '../registry';
import { Confirmation } from './Confirmation';
import { SideList, SubmitRow, ToolFrame, TwoColumns } from './ToolFrame';
import {
  failureText,
  isInsufficientCredits,
  postForm,
  postJson,
  splitMessage,
  ToolCallError,
} from './tool-call';

export type FormValues = Record<string, unknown>;

/** What a tool's own options component receives: the values, a setter and the messages. */
export interface OptionsProps<V extends FormValues> {
  values: V;
  set: <F extends keyof V>(field: F, value: V[F]) => void;
  errors: Partial<Record<keyof V, string>>;
  /** Tell a problem the way this tool tells its messages (a toast where the spec says so). */
  tell: (message: string) => void;
}

export interface ToolScreenProps<V extends FormValues> {
  kind: StudioKind;
  initial: V;
  Options: ComponentType<OptionsProps<V>>;
  /** Cards beside the form (a tutorial, a card with the balance); else the registry's side list. */
  side?: ReactNode;
  /** Above the form, e.g. a warning the tool's spec asks for. */
  notice?: ReactNode;
  /** The request fields when they are not simply the values, trimmed (the legacy writer's). */
  toBody?: (values: V, userId: string) => FormValues;
  /**
   * Refusals the user may overrule, by the request flag the server names (its `override`): the
   * label of the button that sends the request again with that flag set to 'yes'.
   */
  overrides?: Record<string, string>;
}

/** The queries that list a tool's results: refreshed once a start is accepted. */
type ListName =
  | Exclude<GalleryPlacement['list'], 'images'>
  | Extract<GalleryPlacement, { list: 'images' }>['source'];
const LIST_QUERIES: Record<ListName, readonly unknown[]> = {
  books: [BOOKS_QUERY_ROOT],
  listings: ['/api/kdp-listings'],
  coloring: ['/api/coloring-book-generations'],
  'image-v2': ['/api/image-generations-v2'],
  'image-editor': ['/api/image-editor-generations'],
};
const listQueries = (kind: GenerationKind) =>
  TOOL_CONTRACTS[kind].gallery.map(
    (place) => LIST_QUERIES[place.list === 'images' ? place.source : place.list],
  );

const trimmed = (values: FormValues): FormValues =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));

/** A multipart body: text fields as text, a picked picture as its file, empty ones left out. */
function formData(body: FormValues): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined || value === '') continue;
    if (value instanceof File) form.append(key, value);
    else form.append(key, String(value));
  }
  return form;
}

export function ToolScreen<V extends FormValues>(props: ToolScreenProps<V>) {
  const { kind } = props;
  const user = useUser();
  const contract = TOOL_CONTRACTS[kind] as ToolContract<GenerationKind>;
  const tool: StudioTool = STUDIO_TOOLS[kind];
  const tiers = contract.tiers;
  const allowed =
    !tiers || tiers.some((t) => t.toLowerCase() === (user?.subscriptionTier ?? '').toLowerCase());
  return (
    <ToolFrame title={contract.name} badge={tool.nav.badge} intro={tool.intro}>
      {user && !allowed && tool.upgrade ? (
        <Card title={tool.upgrade.title} headingLevel={2} data-testid="upgrade-required">
          <p css={{ color: theme.colors.textMuted }}>{tool.upgrade.body}</p>
          <div>
            <Link to="/pricing" css={buttonStyles('primary', 'md')}>
              View Plans
            </Link>
          </div>
        </Card>
      ) : (
        <ToolForm {...props} />
      )}
    </ToolFrame>
  );
}

function ToolForm<V extends FormValues>({
  kind,
  initial,
  Options,
  side,
  notice,
  toBody,
  overrides,
}: ToolScreenProps<V>) {
  const user = useUser();
  const client = useQueryClient();
  const contract = TOOL_CONTRACTS[kind] as ToolContract<GenerationKind>;
  const tool: StudioTool = STUDIO_TOOLS[kind];
  const schema = contract.schema as unknown as ObjectSchema<AnyObject>;
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(initial);
  // Remounts the options after a start, so pickers and previews forget the last picture.
  const [round, setRound] = useState(0);
  const [started, setStarted] = useState<Message | null>(null);
  const [shortBy, setShortBy] = useState<Message | null>(null);
  // The server's advice with a way on (a small photo): shown in the form, focused so it is read.
  const [refusal, setRefusal] = useState<{ message: string; flag: string; label: string } | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);
  const { errors, check, recheck, reset } = useFormErrors((v) => fieldErrors(schema, v));
  const cost = contract.cost(values as never);

  const show = (message: Message, variant: 'destructive' | 'success') =>
    toast({ title: message.title, description: message.body, variant });
  const tell = (text: string) => show(splitMessage(text, 'Error'), 'destructive');
  const notEnough = (message: Message) => {
    setShortBy(message);
    show(message, 'destructive');
  };

  const start = useMutation({
    mutationFn: (body: FormValues) =>
      contract.route.body === 'multipart'
        ? postForm<StartReply>(contract.route.path, formData(body))
        : postJson<StartReply>(contract.route.path, body),
    onSuccess: (reply) => {
      const message = tool.started(reply);
      show(message, 'success');
      setStarted({ title: tool.confirmationTitle ?? message.title, body: reply.message ?? message.body });
      setValues(initial);
      setRefusal(null);
      setRound((r) => r + 1);
      reset();
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      for (const key of listQueries(kind)) void client.invalidateQueries({ queryKey: [...key] });
    },
    onError: (error) => {
      const label =
        error instanceof ToolCallError && error.override ? overrides?.[error.override] : undefined;
      if (label && error instanceof ToolCallError && error.override)
        setRefusal({ message: failureText(error, tool.failure.body), flag: error.override, label });
      else if (isInsufficientCredits(error))
        notEnough(splitMessage(contract.insufficientCredits, 'Insufficient credits'));
      else
        show(
          { title: tool.failure.title, body: failureText(error, tool.failure.body, tool.serverErrorText) },
          'destructive',
        );
    },
  });

  const set = <F extends keyof V>(field: F, value: V[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setRefusal(null);
    recheck(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(values);
  };

  const submit = (values: V) => {
    if (start.isPending) return;
    if (!check(values, form.current)) {
      // The first message in the form's own order, as these tools' spec tells it.
      const messages = fieldErrors(schema, values) as Record<string, string | undefined>;
      const first = Object.keys(initial).find((field) => messages[field]);
      if (tool.toastInvalid && first) tell(messages[first] as string);
      return;
    }
    if (!user) {
      show(tool.loginRequired, 'destructive');
      return;
    }
    if (user.credits < cost) {
      notEnough(
        tool.notEnough?.(cost, values, user.credits) ??
          splitMessage(contract.insufficientCredits, 'Insufficient credits'),
      );
      return;
    }
    setStarted(null);
    setShortBy(null);
    const body = toBody ? toBody(values, user.id) : { ...trimmed(values), userId: user.id };
    start.mutate(body);
  };

  const formCard = (
    <Card>
      <form
        ref={form}
        noValidate
        onSubmit={onSubmit}
        aria-label={contract.name}
        css={{ display: 'grid', gap: 16 }}
      >
        <Options
          key={round}
          values={values}
          set={set}
          errors={errors as OptionsProps<V>['errors']}
          tell={tell}
        />
        {refusal && (
          <div
            ref={refusalRef}
            tabIndex={-1}
            data-testid="overridable-refusal"
            css={{ outline: 'none', display: 'grid', gap: 8, minWidth: 0 }}
          >
            <Alert tone="warning">
              <p>{refusal.message}</p>
            </Alert>
            <div>
              <Button
                type="button"
                variant="outline"
                disabled={start.isPending}
                onClick={() => submit({ ...values, [refusal.flag]: 'yes' })}
              >
                {refusal.label}
              </Button>
            </div>
          </div>
        )}
        <p css={{ fontWeight: 600 }} data-testid="tool-cost">
          {tool.costLine(cost)}
          {user ? (
            <span css={{ color: theme.colors.textMuted, fontWeight: 400 }} data-testid="credit-balance">
              {' '}
              · Your balance: {user.credits} credits
            </span>
          ) : null}
        </p>
        <SubmitRow>
          <Button type="submit" size="lg" disabled={start.isPending}>
            {start.isPending ? tool.submitting : tool.submit(cost)}
          </Button>
        </SubmitRow>
      </form>
    </Card>
  );

  const beside = side ?? (tool.side && <SideList title={tool.side.title} items={tool.side.items} />);
  return (
    <>
      {notice}
      {started && <Confirmation kind={kind} title={started.title} message={started.body} />}
      {shortBy && (
        <Alert tone="warning" title={shortBy.title} data-testid="not-enough-credits">
          <p>
            {shortBy.body} <Link to="/pricing">View Plans</Link>
          </p>
        </Alert>
      )}
      {beside ? <TwoColumns main={formCard} side={beside} /> : formCard}
    </>
  );
}
