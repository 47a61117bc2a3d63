// /non-fiction-book: the legacy writer. Its own part is the title and the
// description, the spec's request fields (User, Status), the low-credit banner and the tutorial.
import { type BookLength, DEFAULT_BOOK_LENGTH, type PaperType, TOOL_CONTRACTS } from '@studio/events';
import { Alert, Card, theme, useUser } from '@studio/kit';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { DEFAULT_STYLE_VALUE } from '../styles/StyleField';
import { StyleOption, TextOption } from '../tool-screen/OptionFields';
import { type OptionsProps, ToolScreen } from '../tool-screen/ToolScreen';
import { BookLengthField } from './BookLengthField';
import { DEFAULT_PAPER, PaperTypeField } from './PaperTypeField';

const initial: {
  Title: string;
  Description: string;
  paperType: PaperType;
  length: BookLength;
  style: string;
} = {
  Title: '',
  Description: '',
  paperType: DEFAULT_PAPER,
  length: DEFAULT_BOOK_LENGTH,
  style: DEFAULT_STYLE_VALUE,
};
/** The one-shot writer's book: an introduction and six chapters. */
const V1_CHAPTERS = 7;
const COST = TOOL_CONTRACTS['non-fiction'].cost(initial as never);

function Options(form: OptionsProps<typeof initial>) {
  const { values, set } = form;
  return (
    <>
      <TextOption
        form={form}
        name="Title"
        label="Book Title"
        placeholder="e.g. The Beginner’s Guide to Houseplants"
      />
      <TextOption
        form={form}
        name="Description"
        label="Book Description"
        rows={6}
        placeholder="e.g. What is the book about, who is it for, what should readers learn?"
      />
      <BookLengthField
        value={values.length}
        chapters={V1_CHAPTERS}
        onChange={(length) => set('length', length)}
      />
      <PaperTypeField value={values.paperType} onChange={(paper) => set('paperType', paper)} />
      <StyleOption form={form} />
    </>
  );
}

/** A banner while the balance is below the price. */
function CreditsBanner() {
  const user = useUser();
  if (!user || user.credits >= COST) return null;
  return (
    <Alert tone="warning" title="Insufficient credits" data-testid="credits-banner">
      <p>
        {TOOL_CONTRACTS['non-fiction'].insufficientCredits} <Link to="/pricing">View Plans</Link>
      </p>
    </Alert>
  );
}

const TUTORIAL_STEPS = [
  'Give your book a clear, specific title.',
  'Describe the subject, the audience and what readers should take away.',
  `Submit: ${COST} credits are spent and writing starts at once.`,
  'Open My Books to follow the progress and download the finished book.',
];

/**
 * The writer has "an embedded tutorial video": the operator's TUTORIAL_VIDEO_URL when one is set (the
 * server lets only its origin be framed), and the written steps always, so the card is useful
 * without a video and readable without the frame.
 */
function Tutorial() {
  const tutorial = useQuery<{ videoUrl: string | null }>({ queryKey: ['/api/studio/tutorial'] });
  const videoUrl = tutorial.data?.videoUrl;
  return (
    <Card title="Tutorial" headingLevel={2} data-testid="tutorial">
      {videoUrl && (
        <iframe
          src={videoUrl}
          title="Tutorial video"
          loading="lazy"
          allow="fullscreen; picture-in-picture"
          sandbox="allow-scripts allow-same-origin allow-presentation"
          referrerPolicy="strict-origin-when-cross-origin"
          css={{ width: '100%', aspectRatio: '16 / 9', border: 0, borderRadius: 8, marginBottom: 12 }}
        />
      )}
      <ol css={{ paddingLeft: 20, display: 'grid', gap: 8, fontSize: theme.fontSizes.sm }}>
        {TUTORIAL_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Card>
  );
}

export default function NonFictionBook() {
  return (
    <ToolScreen
      kind="non-fiction"
      initial={initial}
      Options={Options}
      notice={<CreditsBanner />}
      side={<Tutorial />}
      toBody={(values, userId) => ({
        Title: values.Title.trim(),
        Description: values.Description.trim(),
        User: [userId],
        Status: 'In progress',
        paperType: values.paperType,
        length: values.length,
        style: values.style,
      })}
    />
  );
}
