// /my-books/:bookId/edit: a finished book's title, subtitle, author, back cover blurb and words (every chapter, or
// each page of a kids book). Saving sends what changed; the server rebuilds the files for free
// and this screen follows the rebuild until the new files can be downloaded.
import { BOOK_EDIT_LIMITS, editBookRequest, fieldErrors } from '@studio/events/requests';
import { Alert, apiJson, BackLink, Button, buttonStyles, Card, ProgressBar, theme } from '@studio/kit';
import { BOOKS_QUERY_ROOT } from '@studio/kit/live';
import { Field, Input, Skeleton, Textarea, useFormErrors } from '@studio/kit/widgets';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { History, Save } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { serverMessage } from '../api';
import { progressPercent } from '../book';
import { DownloadLink } from '../DownloadLink';
import { Screen } from '../Screen';
import { BOOK_EDIT, PART_VERSIONS, PICTURE_VERSIONS } from '../texts';

/** The books whose pictures can be drawn again (a kids book's pages, a coloring book's designs). */
const PICTURE_BOOKS = ['kids-book', 'coloring-book'];

import { type BookEdition, changesOf, draftOf, type EditDraft, isBuilding } from './book-edit';

const REFRESH_WHILE_BUILDING_MS = 2000;

/** Every cached book list is read again, mounted or not (lists are never refetched on mount). */
const refreshBookLists = (client: QueryClient) =>
  void client.invalidateQueries({ queryKey: [BOOKS_QUERY_ROOT], refetchType: 'all' });

export default function BookEditPage() {
  const { bookId = '' } = useParams();
  const queryClient = useQueryClient();
  const queryKey = ['/api/books', encodeURIComponent(bookId), 'edition'];
  const edition = useQuery<BookEdition>({
    queryKey,
    enabled: bookId !== '',
    // An edit form starts from the words stored now, never from an earlier visit's copy.
    refetchOnMount: 'always',
    // While the files are being rebuilt, read again until the new ones are there.
    refetchInterval: (query) =>
      query.state.data && isBuilding(query.state.data) ? REFRESH_WHILE_BUILDING_MS : false,
  });
  const [draft, setDraft] = useState<EditDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger' | 'info'; text: string } | null>(null);
  // The book's details sit at the top of a long page: a failed check focuses (and so scrolls to)
  // the first field in error, as every form does.
  const { errors, check } = useFormErrors(detailErrors);

  // The form starts from the stored words, and again once a rebuild has made new files; My Books
  // (which never refetches by itself) reads its list again, with the new title and files.
  const data = edition.data;
  const wasBuilding = useRef(false);
  useEffect(() => {
    if (!data) return;
    const building = isBuilding(data);
    if (!building) setDraft(draftOf(data));
    if (wasBuilding.current && !building) refreshBookLists(queryClient);
    wasBuilding.current = building;
  }, [data, queryClient]);

  const back = <BackLink to="/my-books">{BOOK_EDIT.backToBooks}</BackLink>;

  if (edition.isPending) {
    return (
      <Screen title={BOOK_EDIT.title}>
        <div role="status" aria-busy="true" aria-label={BOOK_EDIT.loading} css={{ display: 'grid', gap: 16 }}>
          <Skeleton height={160} />
          <Skeleton height={320} />
        </div>
      </Screen>
    );
  }
  if (edition.isError || !data) {
    return (
      <Screen title={BOOK_EDIT.notFoundTitle} subtitle={BOOK_EDIT.notFoundBody}>
        <div>{back}</div>
      </Screen>
    );
  }

  const building = isBuilding(data);
  const set = (change: Partial<EditDraft>) =>
    setDraft((current) => (current ? { ...current, ...change } : current));
  const setChapter = (index: number, change: Partial<EditDraft['chapters'][number]>) =>
    setDraft((current) =>
      current
        ? { ...current, chapters: current.chapters.map((c, i) => (i === index ? { ...c, ...change } : c)) }
        : current,
    );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const changes = changesOf(data, draft);
    if (!changes) {
      setNotice({ tone: 'info', text: BOOK_EDIT.nothingChanged });
      return;
    }
    if (!check(changes, event.currentTarget as HTMLFormElement)) return;
    setSaving(true);
    setNotice(null);
    try {
      const answer = await apiJson<{ message: string }>(
        'PATCH',
        `/api/books/${encodeURIComponent(data.id)}`,
        changes,
      );
      setNotice({ tone: 'success', text: answer.message });
      await queryClient.invalidateQueries({ queryKey });
      refreshBookLists(queryClient);
    } catch (error) {
      setNotice({ tone: 'danger', text: serverMessage(error, BOOK_EDIT.saveFailed) });
    } finally {
      setSaving(false);
    }
  };

  const percent = progressPercent(data.progress);
  const disabled = building || saving || !data.editable;
  /** One line of the book's details: a text box bound to the draft, with its rule's message. */
  const detailBox = (
    current: EditDraft,
    name: 'title' | 'subtitle' | 'author',
    label: string,
    hint?: string,
  ) => (
    <Field label={label} hint={hint} error={errors[name]}>
      <Input
        name={name}
        value={current[name]}
        disabled={disabled}
        onChange={(e) => set({ [name]: e.target.value })}
      />
    </Field>
  );

  return (
    <Screen title={BOOK_EDIT.title} subtitle={data.title}>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 16, justifyContent: 'space-between' }}>
        {back}
        {/* A finished book's chapters, page texts or pictures can be made again, each version kept. */}
        {data.editable &&
          ((data.chapters?.length ?? 0) > 0 ||
            (data.pages?.length ?? 0) > 0 ||
            PICTURE_BOOKS.includes(data.type)) && (
            <Link
              to={`/my-books/${encodeURIComponent(data.id)}/versions`}
              css={buttonStyles('outline', 'sm')}
            >
              <History aria-hidden />
              {data.chapters?.length
                ? PART_VERSIONS.open
                : data.type === 'kids-book'
                  ? PART_VERSIONS.openPages
                  : PICTURE_VERSIONS.open}
            </Link>
          )}
      </div>
      {!data.editable && !building && <Alert tone="warning">{BOOK_EDIT.notEditable}</Alert>}
      {data.rebuildError && !building && <Alert tone="danger">{data.rebuildError}</Alert>}
      {building ? (
        <Card title={BOOK_EDIT.rebuilding} headingLevel={2}>
          <div css={{ display: 'grid', gap: 8 }} data-testid="rebuild-progress">
            <ProgressBar value={percent} label={BOOK_EDIT.rebuildProgress} />
            <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>
              {percent}%{data.currentStep ? ` · ${data.currentStep}` : ''}
            </p>
          </div>
        </Card>
      ) : (
        <Files edition={data} />
      )}
      {draft && (
        <form onSubmit={save} css={{ display: 'grid', gap: 24 }} aria-label={BOOK_EDIT.formLabel}>
          <Card title={BOOK_EDIT.details} headingLevel={2}>
            <div css={{ display: 'grid', gap: 16 }}>
              {detailBox(draft, 'title', BOOK_EDIT.titleLabel)}
              {detailBox(draft, 'subtitle', BOOK_EDIT.subtitleLabel, BOOK_EDIT.subtitleHint)}
              {detailBox(draft, 'author', BOOK_EDIT.authorLabel)}
              <Field
                label={BOOK_EDIT.blurbLabel}
                hint={BOOK_EDIT.blurbHint(BOOK_EDIT_LIMITS.blurb)}
                error={errors.blurb}
              >
                <Textarea
                  name="blurb"
                  rows={6}
                  value={draft.blurb}
                  disabled={disabled}
                  onChange={(e) => set({ blurb: e.target.value })}
                />
              </Field>
            </div>
          </Card>
          {draft.chapters.length > 0 && (
            <Card title={BOOK_EDIT.chapters} headingLevel={2}>
              <div css={{ display: 'grid', gap: 24 }}>
                {draft.chapters.map((chapter, index) => (
                  <fieldset
                    // biome-ignore lint/suspicious/noArrayIndexKey: chapters keep their place in the book
                    key={index}
                    css={{ border: 0, margin: 0, padding: 0, display: 'grid', gap: 12, minWidth: 0 }}
                  >
                    <legend css={{ fontWeight: 700, marginBottom: 8 }}>
                      {data.chapters?.[index]?.label ?? BOOK_EDIT.introduction}
                    </legend>
                    <Field label={BOOK_EDIT.chapterTitle(index + 1)}>
                      <Input
                        value={chapter.title}
                        disabled={disabled}
                        onChange={(e) => setChapter(index, { title: e.target.value })}
                      />
                    </Field>
                    <Field label={BOOK_EDIT.chapterText(index + 1)} hint={BOOK_EDIT.paragraphHint}>
                      <Textarea
                        rows={10}
                        value={chapter.text}
                        disabled={disabled}
                        onChange={(e) => setChapter(index, { text: e.target.value })}
                      />
                    </Field>
                  </fieldset>
                ))}
              </div>
            </Card>
          )}
          {draft.pages.length > 0 && (
            <Card title={BOOK_EDIT.pages} headingLevel={2}>
              <div css={theme.columns(768, 'repeat(2, minmax(0, 1fr))', 16)}>
                {draft.pages.map((text, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: pages keep their place in the book
                  <Field key={index} label={BOOK_EDIT.pageText(index + 1)}>
                    <Textarea
                      rows={3}
                      value={text}
                      disabled={disabled}
                      onChange={(e) =>
                        set({ pages: draft.pages.map((p, i) => (i === index ? e.target.value : p)) })
                      }
                    />
                  </Field>
                ))}
              </div>
            </Card>
          )}
          {/* Beside the button that was pressed: at the top of this long page it would go unseen. */}
          {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
            <Button type="submit" disabled={disabled}>
              <Save aria-hidden />
              {saving ? BOOK_EDIT.saving : BOOK_EDIT.save}
            </Button>
            <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{BOOK_EDIT.free}</p>
          </div>
        </form>
      )}
    </Screen>
  );
}

/** The messages of the fields this form checks before sending (the chapters' limits are the server's). */
function detailErrors(values: unknown) {
  const found = fieldErrors(editBookRequest, values);
  const picked: typeof found = {};
  for (const name of ['title', 'subtitle', 'author', 'blurb'] as const)
    if (found[name]) picked[name] = found[name];
  return picked;
}

/** The files of the last build, to check the result of a save. */
function Files({ edition }: { edition: BookEdition }) {
  const all: Array<{ href: string | undefined; label: string }> = [
    { href: edition.interiorFile, label: BOOK_EDIT.interior },
    { href: edition.coverFile, label: BOOK_EDIT.cover },
    { href: edition.epubFile, label: BOOK_EDIT.epub },
  ];
  const links = all.filter((link): link is { href: string; label: string } => Boolean(link.href));
  if (links.length === 0) return null;
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {links.map((link) => (
        <DownloadLink key={link.label} href={link.href}>
          {link.label}
        </DownloadLink>
      ))}
    </div>
  );
}
