// spec 02 §2 Image generator v2: prompt, 'Cost: 6 credits per image', balance, 'Generate Image'.
import { TOOL_SCHEMAS } from '@studio/events';
import { Button, toast, useUser } from '@studio/kit';
import { Field, Textarea } from '@studio/kit/widgets';
import { type FormEvent, useState } from 'react';
import { Balance, formStyle, ToolPage } from './ToolPage';
import { splitMessage, useStartTool } from './tool-request';

const schema = TOOL_SCHEMAS['image-v2'];

export default function ImageGeneratorV2() {
  const user = useUser();
  const [prompt, setPrompt] = useState('');
  const [error, setError] = useState<string>();
  const start = useStartTool('image-v2', {
    failure: 'Generation Failed',
    refresh: [['/api/image-generations-v2']],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      schema.validateSyncAt('prompt', { prompt });
      setError(undefined);
    } catch (invalid) {
      const message = (invalid as Error).message;
      setError(message);
      toast({ variant: 'destructive', ...splitMessage(message) });
      return;
    }
    if (!user) {
      toast({
        variant: 'destructive',
        ...splitMessage('Authentication Required: Please log in to generate images.'),
      });
      return;
    }
    const started = await start.mutateAsync({ prompt: prompt.trim() }).catch(() => null);
    if (!started) return;
    toast({
      variant: 'success',
      title: 'Image Generation Started',
      description: 'Your image is being generated. This may take a few minutes.',
    });
    setPrompt('');
  };

  return (
    <ToolPage
      title="Image Generator v2"
      intro="Turn a short description into an image. It appears in My Images when it is ready."
    >
      <form onSubmit={submit} css={formStyle} noValidate>
        <Field label="Prompt" error={error}>
          <Textarea
            name="prompt"
            rows={5}
            value={prompt}
            placeholder="A cozy cabin in a snowy forest at dusk, warm light in the windows"
            onChange={(e) => setPrompt(e.target.value)}
          />
        </Field>
        <p>Cost: 6 credits per image</p>
        <Balance />
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? 'Generating...' : 'Generate Image'}
        </Button>
      </form>
    </ToolPage>
  );
}
