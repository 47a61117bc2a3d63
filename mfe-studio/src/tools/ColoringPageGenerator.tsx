// spec 02 §2 single coloring page generator: prompt (6 rows), balance, cost 4, tips.
import { TOOL_CONTRACTS, TOOL_SCHEMAS } from '@studio/events';
import { Button, toast, useUser } from '@studio/kit';
import { Field, Textarea } from '@studio/kit/widgets';
import { type FormEvent, useState } from 'react';
import { AsideList, Balance, formStyle, ToolPage } from './ToolPage';
import { splitMessage, useStartTool } from './tool-request';

const COST = 4;
const schema = TOOL_SCHEMAS['coloring-page'];

export default function ColoringPageGenerator() {
  const user = useUser();
  const [prompt, setPrompt] = useState('');
  const [error, setError] = useState<string>();
  const start = useStartTool('coloring-page', {
    failure: 'Failed to generate coloring page',
    refresh: [['/api/coloring-book-generations']],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      schema.validateSyncAt('prompt', { prompt });
      setError(undefined);
    } catch (invalid) {
      setError((invalid as Error).message);
      return;
    }
    if (!user) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Please log in to generate coloring pages.',
      });
      return;
    }
    if (user.credits < COST) {
      toast({ variant: 'destructive', ...splitMessage(TOOL_CONTRACTS['coloring-page'].insufficientCredits) });
      return;
    }
    const started = await start.mutateAsync({ prompt: prompt.trim() }).catch(() => null);
    if (!started) return;
    toast({
      variant: 'success',
      title: 'Success!',
      description: started.message || 'Your coloring page generation has started!',
    });
    setPrompt('');
  };

  return (
    <ToolPage
      title="Coloring Page Generator"
      intro="Describe a single coloring page and we'll draw it as clean black-and-white line art, ready to print."
      aside={
        <AsideList
          title="Tips"
          items={[
            'Quick coloring activities for kids and adults',
            'Test designs before creating full coloring books',
            'Create individual artwork to print or share',
          ]}
        />
      }
    >
      <form onSubmit={submit} css={formStyle} noValidate>
        <Field label="Describe your coloring page" error={error}>
          <Textarea
            name="prompt"
            rows={6}
            value={prompt}
            placeholder="A friendly dragon reading a book in a garden full of flowers"
            onChange={(e) => setPrompt(e.target.value)}
          />
        </Field>
        <Balance />
        <p>Cost: {COST} credits</p>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? 'Generating...' : `Generate Page (${COST} credits)`}
        </Button>
      </form>
    </ToolPage>
  );
}
