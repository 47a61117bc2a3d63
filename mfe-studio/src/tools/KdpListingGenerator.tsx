// spec 02 §2 KDP listing generator: book title and prompt; after submit, a button to My KDP Listings.
import { TOOL_SCHEMAS } from '@studio/events';
import { Button, toast, useUser } from '@studio/kit';
import { Field, Input, Textarea } from '@studio/kit/widgets';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { AsideList, Balance, formStyle, ToolPage } from './ToolPage';
import { useStartTool } from './tool-request';

const COST = 10;
const schema = TOOL_SCHEMAS['kdp-listing'];
type Errors = { bookTitle?: string; bookPrompt?: string };

export default function KdpListingGenerator() {
  const user = useUser();
  const [bookTitle, setBookTitle] = useState('');
  const [bookPrompt, setBookPrompt] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const start = useStartTool('kdp-listing', {
    failure: 'Failed to submit KDP listing request',
    refresh: [['/api/kdp-listings']],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    for (const field of ['bookTitle', 'bookPrompt'] as const) {
      try {
        schema.validateSyncAt(field, { bookTitle, bookPrompt });
      } catch (invalid) {
        next[field] = (invalid as Error).message;
      }
    }
    setErrors(next);
    if (next.bookTitle || next.bookPrompt) return;
    if (!user) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'You must be logged in to create a KDP listing',
      });
      return;
    }
    if (user.credits < COST) {
      toast({
        variant: 'destructive',
        title: 'Insufficient credits',
        description: `You need ${COST} credits to create a KDP listing. You currently have ${user.credits} credits.`,
      });
      return;
    }
    const started = await start
      .mutateAsync({ bookTitle: bookTitle.trim(), bookPrompt: bookPrompt.trim() })
      .catch(() => null);
    if (!started) return;
    toast({ variant: 'success', title: 'Success!', description: started.message });
    setBookTitle('');
    setBookPrompt('');
    setSubmitted(true);
  };

  return (
    <ToolPage
      title="KDP Listing Generator"
      intro="An optimised title, subtitle, description and 7 keywords for your book, checked against KDP's listing rules."
      aside={
        <AsideList
          title="What you get"
          items={[
            'Title and subtitle under 200 characters',
            'A description in the HTML KDP accepts, up to 4000 characters',
            'Exactly 7 keywords, none of the terms KDP forbids',
            'Ready in 1 to 2 minutes in My KDP Listings',
          ]}
        />
      }
    >
      <form onSubmit={submit} css={formStyle} noValidate>
        <Field label="Book title" error={errors.bookTitle}>
          <Input name="bookTitle" value={bookTitle} onChange={(e) => setBookTitle(e.target.value)} />
        </Field>
        <Field label="What is your book about?" error={errors.bookPrompt}>
          <Textarea
            name="bookPrompt"
            rows={6}
            value={bookPrompt}
            onChange={(e) => setBookPrompt(e.target.value)}
          />
        </Field>
        <Balance />
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? 'Generating...' : `Generate Listing (${COST} credits)`}
        </Button>
        {submitted && (
          <Button asChild variant="outline">
            <Link to="/my-listings">View My KDP Listings</Link>
          </Button>
        )}
      </form>
    </ToolPage>
  );
}
