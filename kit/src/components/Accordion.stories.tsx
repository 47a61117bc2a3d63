import type { Meta, StoryObj } from '@storybook/react-vite';
import { Accordion } from './Accordion';

const meta = {
  title: 'Components/Accordion',
  component: Accordion,
  args: {
    items: [
      { value: 'q1', title: 'Do I own what I generate?', content: 'Yes, fully, with no royalties.' },
      { value: 'q2', title: 'How long does a book take?', content: 'Usually 15-20 minutes.' },
      { value: 'q3', title: 'Can I get a refund?', content: 'There is no refund once credits are used.' },
    ],
  },
} satisfies Meta<typeof Accordion>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllClosed: Story = {};
export const FirstOpen: Story = { args: { defaultValue: 'q1' } };
