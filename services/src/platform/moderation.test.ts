import { createLocalModerator } from './moderation';

const check = (text: string) => createLocalModerator().check([{ label: 'the prompt', text }]);

describe('the local moderator (the embedded default)', () => {
  it.each(['NSFW art of a cat', 'a sexy pose', 'sex scene', 'how to make-a-bomb', 'nude beach', 'Naked'])(
    'flags %j',
    async (text) => {
      expect(await check(text)).toEqual({ flagged: true, label: 'the prompt' });
    },
  );

  // Whole words only: the list's words inside others, or letters of them, are not matched.
  it.each(['Sussex coast at dawn', 'an ex-librarian', 'expert tips', 'Essex', 'a bombastic hero'])(
    'lets %j through',
    async (text) => {
      expect(await check(text)).toEqual({ flagged: false });
    },
  );
});
